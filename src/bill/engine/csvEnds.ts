/*
 * What a CSV's bytes say before and after the engine reads it: a gzipped CSV is inflated once here, as a stream,
 * and stopped as soon as it passes GZIP_LIMITS (a "gzip bomb", a few MB that inflate to many GB, would otherwise
 * keep the engine busy for minutes before failing in words that blame the format), or found cut short (an
 * interrupted download, which the engine reads as far as it goes, silently); and a CSV whose end is inside a
 * quoted field, or not at a line break, was cut short too. Each gets its own sentence. The browser's
 * DecompressionStream inflates (native code, in Chromium, WebView2 and WKWebView since Safari 16.4; Node 18).
 */
import { BillFile, sizeText } from "../model/billFiles";
import { BillProblem, billProblem } from "../model/focusColumns";

/**
 * How far a gzipped CSV may inflate: `ratio` times its own size (a FOCUS CSV gzips 10 to 25 times smaller, so
 * 200 leaves room for the most repetitive bill), and at least `floorBytes` (a small file gzips less well).
 */
export const GZIP_LIMITS = { ratio: 200, floorBytes: 1_000_000 } as const;

/** What the inflating saw: whether the text ends at a line break and whether a quoted field is left open. */
export interface CsvEnd {
  endsAtLineBreak: boolean;
  quoteOpen: boolean;
}

/** The running state of a CSV's quotes and last byte, fed a chunk at a time. */
function endTracker() {
  let quoteOpen = false;
  let last = -1;
  return {
    feed(bytes: Uint8Array) {
      // a doubled quote inside a quoted field toggles twice: the parity of the quotes is whether one is open
      for (let i = bytes.indexOf(0x22); i >= 0; i = bytes.indexOf(0x22, i + 1)) quoteOpen = !quoteOpen;
      if (bytes.length > 0) last = bytes[bytes.length - 1];
    },
    end: (): CsvEnd => ({ endsAtLineBreak: last === 0x0a || last === 0x0d, quoteOpen }),
  };
}

/** Reads `stream` a chunk at a time into `feed`, stopping (and cancelling it) when `feed` says so. */
async function pump(stream: ReadableStream<Uint8Array>, feed: (bytes: Uint8Array) => boolean, signal?: AbortSignal) {
  const reader = stream.getReader();
  for (;;) {
    signal?.throwIfAborted();
    const { done, value } = await reader.read();
    if (done) return;
    if (!feed(value)) {
      await reader.cancel().catch(() => undefined);
      return;
    }
  }
}

/**
 * A gzipped CSV inflated once, as a stream: its end (CsvEnd), or the problem that refuses it: it inflates past
 * GZIP_LIMITS (stopped there), it is cut short or damaged, or what it holds is not text.
 */
export async function checkGzip(file: BillFile, blob: Blob, signal?: AbortSignal): Promise<CsvEnd | BillProblem> {
  const limit = Math.max(GZIP_LIMITS.floorBytes, GZIP_LIMITS.ratio * blob.size);
  const tracker = endTracker();
  let inflated = 0;
  let first: Uint8Array | undefined;
  try {
    const stream = blob.stream().pipeThrough(new DecompressionStream("gzip") as never) as ReadableStream<Uint8Array>;
    await pump(
      stream,
      (bytes) => {
        first ??= bytes.slice(0, 512);
        inflated += bytes.length;
        tracker.feed(bytes);
        return inflated <= limit;
      },
      signal,
    );
  } catch (error) {
    if ((error as { name?: unknown })?.name === "AbortError") throw error;
    return refused(
      `${file.name} is a gzip file that ends early or is damaged (it may have been cut short while downloading): ` +
        "download the export again.",
    );
  }
  if (inflated > limit) {
    return refused(
      `${file.name} inflates to more than ${sizeText(limit)} from ${sizeText(blob.size)} (${GZIP_LIMITS.ratio} times ` +
        "its size, more than any bill's export), so it was stopped there: it is not a FOCUS export. Choose the " +
        "month's export itself, or unzip it and choose the CSV.",
    );
  }
  if (first && first.includes(0)) {
    return refused(
      `${file.name} holds no text once inflated: choose the FOCUS export itself (CSV, .csv.gz or .parquet).`,
    );
  }
  return tracker.end();
}

/** A plain CSV's end, read to the end as a stream (only when the engine could not read it, or for its last byte). */
export async function csvEndOf(blob: Blob, wholeFile: boolean, signal?: AbortSignal): Promise<CsvEnd> {
  const tracker = endTracker();
  if (!wholeFile) {
    tracker.feed(new Uint8Array(await blob.slice(Math.max(0, blob.size - 1)).arrayBuffer()));
    return { ...tracker.end(), quoteOpen: false };
  }
  await pump(blob.stream() as ReadableStream<Uint8Array>, (bytes) => (tracker.feed(bytes), true), signal);
  return tracker.end();
}

/** The sentence of a CSV whose end is inside a quoted field: cut short, not "not FOCUS". */
export function cutInQuotes(file: BillFile): BillProblem {
  return refused(
    `${file.name} ends inside a quoted field, so it was cut short (an interrupted download, or a copy saved before ` +
      "it was complete): download the export again.",
  );
}

/** The note of a CSV whose last row ends without a line break, as a cut-short download does. */
export function cutAtEnd(file: BillFile): BillProblem {
  return billProblem(
    "badRow",
    "warning",
    `${file.name} does not end with a line break, as a complete export does: its last row may be cut short (an ` +
      "interrupted download). If its figures look low, download the export again.",
  );
}

const refused = (message: string) => billProblem("notFocus", "error", message);
