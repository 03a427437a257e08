/* A view's redraw at most once a frame: the first keystroke at once, the rest of the frame's at the next one. */
import { frameUpdate } from "../../../src/core/pane/frameUpdate";

/** A stand-in for the page's frames: callbacks wait until `nextFrame` runs them. */
function fakeFrames() {
  let callbacks = new Map<number, FrameRequestCallback>();
  let id = 0;
  const global = globalThis as unknown as Record<string, unknown>;
  global.requestAnimationFrame = (callback: FrameRequestCallback) => (callbacks.set(++id, callback), id);
  global.cancelAnimationFrame = (handle: number) => void callbacks.delete(handle);
  return {
    nextFrame() {
      const due = callbacks;
      callbacks = new Map();
      for (const callback of due.values()) callback(0);
    },
    pending: () => callbacks.size,
    restore() {
      delete global.requestAnimationFrame;
      delete global.cancelAnimationFrame;
    },
  };
}

test("five keystrokes in a frame: one redraw at once, one at the next frame, none after", () => {
  const frames = fakeFrames();
  let redraws = 0;
  const update = frameUpdate(() => redraws++);
  update.request();
  expect(redraws).toBe(1);
  for (let i = 0; i < 4; i++) update.request();
  expect(redraws).toBe(1);
  frames.nextFrame();
  expect(redraws).toBe(2);
  frames.nextFrame();
  frames.nextFrame();
  expect(redraws).toBe(2);
  expect(frames.pending()).toBe(0);
  // A quiet frame later, the next keystroke redraws at once again.
  update.request();
  expect(redraws).toBe(3);
  frames.restore();
});

test("flush runs the redraw that waits (before an action reads the state), and only that one", () => {
  const frames = fakeFrames();
  let redraws = 0;
  const update = frameUpdate(() => redraws++);
  update.flush();
  expect(redraws).toBe(0);
  update.request();
  update.request();
  update.flush();
  expect(redraws).toBe(2);
  update.flush();
  frames.nextFrame();
  expect(redraws).toBe(2);
  frames.restore();
});

test("without animation frames every request redraws at once", () => {
  let redraws = 0;
  const update = frameUpdate(() => redraws++);
  update.request();
  update.request();
  expect(redraws).toBe(2);
});
