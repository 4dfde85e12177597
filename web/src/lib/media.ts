/** Inside the WeChat app, payments go through the in-app (JSAPI) bridge. */
export function inWeChat(): boolean {
  return /MicroMessenger/i.test(navigator.userAgent);
}
