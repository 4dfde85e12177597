import ts from 'typescript';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import * as th from '@chakra-ui/react/theme';
import { shopTokens } from './src/lib/theme-tokens.ts';
function files(dir: string, re: RegExp, out: string[] = []) { for (const f of readdirSync(dir)) { const p = path.join(dir, f); if (statSync(p).isDirectory()) files(p, re, out); else if (re.test(f)) out.push(p); } return out; }
const lits = new Set<string>();
function scan(file: string) {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : file.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteralLike(n) || ts.isNumericLiteral(n)) lits.add(n.text);
    else if (ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) lits.add(n.text);
    else if (ts.isIdentifier(n) && n.parent && ts.isPropertyAssignment(n.parent) && n.parent.name === n) lits.add(n.text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
}
const chakra = path.resolve('node_modules/@chakra-ui/react/dist/esm');
const mode = process.argv[2] ?? 'all';
const t0 = performance.now();
for (const f of files(path.resolve('src'), /\.tsx?$/)) scan(f);
const appCount = lits.size;
if (mode === 'all') for (const f of files(chakra, /\.js$/)) scan(f);
console.log('literals', appCount, lits.size, 'scan ms', (performance.now() - t0).toFixed(0));
const { tokens, semanticTokens } = shopTokens(th as any);
// names referenced
const wanted = new Set<string>();
for (const l of lits) {
  wanted.add(l); if (l.startsWith('-')) wanted.add(l.slice(1));
  for (const m of l.matchAll(/\{([^{}]+)\}/g)) wanted.add(m[1]);
  for (const m of l.matchAll(/token\(([^,)]+)/g)) wanted.add(m[1].trim());
}
const keepPath = (cat: string, name: string) => wanted.has(name) || wanted.has(`${cat}.${name}`) || (cat === 'colors' && name.includes('.') && wanted.has('colorPalette.' + name.slice(name.indexOf('.') + 1)));
function trim(tree: any, cat: string, prefix = ''): any {
  const out: any = {};
  for (const [k, v] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && 'value' in (v as any)) { if (keepPath(cat, name) || (k === 'DEFAULT' && keepPath(cat, prefix))) out[k] = v; }
    else if (v && typeof v === 'object') { const sub = trim(v, cat, name); if (Object.keys(sub).length) out[k] = sub; }
  }
  return out;
}
const T: any = {}; for (const [c, v] of Object.entries(tokens)) T[c] = trim(v, c);
const S: any = {}; for (const [c, v] of Object.entries(semanticTokens)) S[c] = trim(v, c);
// transitive refs from semantic
const refs = JSON.stringify(S).matchAll(/\{([a-zA-Z]+)\.([^{}]+)\}/g);
for (const [, c, n] of refs) wanted.add(`${c}.${n}`);
for (const [c, v] of Object.entries(tokens)) T[c] = trim(v, c);
const count = (o: any): number => o && typeof o === 'object' ? ('value' in o ? 1 : Object.values(o).reduce((a: number, v) => a + count(v), 0)) : 0;
for (const c of Object.keys(tokens)) console.log(c.padEnd(16), count((tokens as any)[c]), '->', count(T[c]));
for (const c of Object.keys(semanticTokens)) console.log('sem', c.padEnd(12), count((semanticTokens as any)[c]), '->', count(S[c]));
function cfg(t: any, s: any) { return defineConfig({ preflight: true, cssVarsPrefix: th.cssVarsPrefix, cssVarsRoot: th.cssVarsRoot, globalCss: th.globalCss,
    theme: { breakpoints: th.breakpoints, keyframes: th.keyframes, tokens: t, semanticTokens: s, textStyles: th.textStyles, layerStyles: th.layerStyles, animationStyles: th.animationStyles,
      recipes: { button: th.buttonRecipe, heading: th.headingRecipe, icon: th.iconRecipe, link: th.linkRecipe, spinner: th.spinnerRecipe, checkmark: th.checkmarkRecipe, radiomark: th.radiomarkRecipe } } }); }
for (const [name, c] of [['full', cfg(tokens, semanticTokens)], ['trim', cfg(T, S)]] as const) {
  const ts2: number[] = []; for (let i = 0; i < 21; i++) { const a = performance.now(); createSystem(defaultBaseConfig, c); ts2.push(performance.now() - a); }
  ts2.sort((a, b) => a - b); console.log(name, 'min', ts2[0].toFixed(1), 'median', ts2[10].toFixed(1));
}
console.log('json bytes', JSON.stringify({tokens, semanticTokens}).length, '->', JSON.stringify({T, S}).length);
if (process.env.SHOW) console.log(JSON.stringify(T.sizes), JSON.stringify(T.spacing));
