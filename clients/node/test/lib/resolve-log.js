// A module resolve hook (module.register) for test/install.test.js: appends one JSON line per bare
// import made by a file of the installed uidext package, with the file it resolved to.
import { appendFileSync } from 'node:fs';

let log;
let packageRoot;

export function initialize(data) {
  ({ log, packageRoot } = data);
}

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  const bare = !specifier.startsWith('.') && !specifier.startsWith('node:') && !specifier.startsWith('file:');
  if (bare && context.parentURL && context.parentURL.startsWith(packageRoot)) {
    appendFileSync(log, `${JSON.stringify({ parent: context.parentURL, specifier, url: result.url })}\n`);
  }
  return result;
}
