// The text form of ulid[] and of TypeID arrays: ULID and TypeID text need no quotes (Crockford
// digits, lowercase letters and "_" only), so braces, commas and NULL are the whole grammar.
// Nested arrays (ulid[][]) become nested JS arrays.
const TOKENS = /[{}]|NULL|[0-9A-Za-z_]+/g;

export function parseUlidArray(text) {
  const start = text.indexOf('{'); // skips a dimension decoration such as "[0:1]="
  const stack = [];
  let current = null;
  TOKENS.lastIndex = start;
  let token;
  while ((token = TOKENS.exec(text)) !== null) {
    const value = token[0];
    if (value === '{') {
      const child = [];
      if (current) current.push(child);
      stack.push(child);
      current = child;
    } else if (value === '}') {
      const done = stack.pop();
      current = stack[stack.length - 1] || null;
      if (!current) return done;
    } else {
      current.push(value === 'NULL' ? null : value);
    }
  }
  throw new TypeError(`malformed array text: ${JSON.stringify(text.slice(0, 80))}`);
}

export function serializeUlidArray(values) {
  return `{${values.map((v) => (v === null || v === undefined ? 'NULL' : Array.isArray(v) ? serializeUlidArray(v) : String(v))).join(',')}}`;
}
