// What the sandboxes share for their bills: the provider clock and the per-trade bill faults.
export { SandboxClock, registerClockRoutes } from './clock.js';
export { BillFaultBook, parseBillFaults, registerBillFaultRoutes, type BillFaults } from './faults.js';
export { BillSandboxControl } from './control-client.js';
export { controlRequest, type ControlAnswer } from './control-request.js';
