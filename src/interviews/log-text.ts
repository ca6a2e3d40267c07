// One event is one line of get-logs. Log lines carry text the service did not
// write (page error reports, model problems, stored data), so every line is
// made inert where it is stored and again where it is served: a control
// character cannot start a forged line or move a terminal's cursor.

// C0, DEL, C1, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The text with every control character written as an escape (`\n`, `\u001b`); printable text is unchanged. */
export function escapeLogText(text: string): string {
  return text.replace(UNSAFE, (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
