/*
 * When a view redraws. At most once an animation frame, however fast the keystrokes come (frameUpdate): the first
 * keystroke after a quiet frame redraws at once (so a planner's single keystroke, and a test's single fill, shows
 * its figures in the same task, before the next paint), and the keystrokes that follow within that frame are
 * gathered into one redraw at the next frame; without requestAnimationFrame (a test's DOM), every request redraws
 * at once. And the sections below a view's form only while they are near the view (offscreenDraw), so that a
 * keystroke's frame draws and lays out what the planner sees: the field, its hint and the summary.
 */

/** A view's redraw, gathered to once a frame. */
export interface FrameUpdate {
  /** Asks for a redraw: now if no redraw ran in this frame, else once at the next frame. */
  request(): void;
  /** Runs a redraw that waits for the next frame now (before an action reads the view's state); else nothing. */
  flush(): void;
}

/** Gathers calls of `redraw` to at most one an animation frame (see the file's comment). */
export function frameUpdate(redraw: () => void): FrameUpdate {
  /** the frame asked for after a redraw, while one is due; undefined once that frame has come */
  let frame: number | undefined;
  let waiting = false;
  const frameCame = () => {
    frame = undefined;
    if (!waiting) return;
    waiting = false;
    run();
  };
  const run = () => {
    if (typeof requestAnimationFrame !== "function") return redraw();
    if (frame !== undefined) cancelAnimationFrame(frame);
    frame = requestAnimationFrame(frameCame);
    redraw();
  };
  return {
    request() {
      if (frame === undefined) run();
      else waiting = true;
    },
    flush() {
      if (!waiting) return;
      waiting = false;
      run();
    },
  };
}

/** How far past the view's edges a part counts as near: drawn at once, and drawn before it scrolls in. */
const NEAR_MARGIN = "25% 0px";

/** A pause in the typing, in ms, after which a part kept off-screen is drawn anyway. */
export const QUIET_MS = 200;

/** The parts of a view that a keystroke elsewhere need not redraw while they are off-screen. */
export interface OffscreenDraw {
  /** Runs `draw` now if a part is near the view (or the page cannot tell), else keeps it, the latest, for later. */
  request(draw: () => void): void;
  /** Runs a kept draw now (before an action, or a reader, needs the parts as typed); else nothing. */
  flush(): void;
}

/** Whether the focus is in `part`: a planner typing there sees it drawn at once, before the observer says so. */
const holdsFocus = (part: HTMLElement): boolean =>
  typeof document !== "undefined" && document.activeElement !== null && part.contains(document.activeElement);

/**
 * Draws `parts` (a view's sections below its form: the budget's months, the what-if's sensitivity and targets)
 * only when one of them is near the view. Chromium lays out content-visibility: auto content within 150% of the
 * view's height of it (measured: a 700-px pane laid out the budget's months 718 px below its edge and skipped them
 * at 1,084), so in a narrow pane a keystroke in the form wrote and laid out some 1,000 nodes no one saw: most of
 * its script and layout. A draw runs at once while the focus is in a part; kept, it runs when a part nears the
 * view (an IntersectionObserver), when the focus enters one, after QUIET_MS without a request (a screen reader
 * reading on, a test reading the figures), or on flush; meanwhile each part is aria-busy, which says its figures
 * are not yet the typed ones. Without an IntersectionObserver (a test's DOM) every request draws at once.
 */
export function offscreenDraw(parts: readonly HTMLElement[]): OffscreenDraw {
  let kept: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** the parts near the view; every part until the observer's first report */
  const near = new Set<Element>(parts);
  const busy = (on: boolean) => {
    for (const part of parts) {
      // Set only on a change: a keystroke should not mutate a part it does not draw.
      if (on && part.getAttribute("aria-busy") !== "true") part.setAttribute("aria-busy", "true");
      else if (!on && part.hasAttribute("aria-busy")) part.removeAttribute("aria-busy");
    }
  };
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const draw = kept;
    if (!draw) return;
    kept = undefined;
    busy(false);
    draw();
  };
  const observer =
    typeof IntersectionObserver === "function"
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) near[entry.isIntersecting ? "add" : "delete"](entry.target);
            if (near.size > 0) flush();
          },
          { rootMargin: NEAR_MARGIN },
        )
      : undefined;
  for (const part of parts) {
    observer?.observe(part);
    part.addEventListener("focusin", flush);
  }
  return {
    request(draw) {
      kept = draw;
      if (!observer || near.size > 0 || parts.some(holdsFocus)) return flush();
      busy(true);
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(flush, QUIET_MS);
    },
    flush,
  };
}
