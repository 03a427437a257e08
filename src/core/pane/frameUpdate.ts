/*
 * A view's redraw at most once an animation frame, however fast the keystrokes come: the first keystroke after a
 * quiet frame redraws at once (so a planner's single keystroke, and a test's single fill, shows its figures in the
 * same task, before the next paint), and the keystrokes that follow within that frame are gathered into one redraw
 * at the next frame. Without requestAnimationFrame (a test's DOM), every request redraws at once.
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
