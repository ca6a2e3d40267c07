// Live captions of what is being recognised. The server's recogniser sends
// `heard`; a recogniser in the browser calls showInterimCaption() with its
// interim text as it goes. The page decides where the caption is shown.

let sink: ((text: string) => void) | null = null;

/** Interim text of the candidate's utterance in progress; '' clears the caption. */
export function showInterimCaption(text: string): void {
  sink?.(text);
}

/** The page's caption line (set once by main.ts). */
export function setCaptionSink(show: (text: string) => void): void {
  sink = show;
}
