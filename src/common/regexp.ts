/** Text matched literally inside a RegExp: every character with a meaning in a pattern is escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
