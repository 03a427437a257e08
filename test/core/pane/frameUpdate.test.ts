/* When a view redraws: at most once a frame (the first keystroke at once), and its off-screen sections later. */
import { frameUpdate, offscreenDraw, QUIET_MS } from "../../../src/core/pane/frameUpdate";

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

/** A section's stand-in: its attributes, and its focusin listeners to fire. */
function fakePart() {
  const attributes = new Map<string, string>();
  const focusListeners: (() => void)[] = [];
  return {
    getAttribute: (name: string) => attributes.get(name) ?? null,
    hasAttribute: (name: string) => attributes.has(name),
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
    removeAttribute: (name: string) => void attributes.delete(name),
    addEventListener: (type: string, listener: () => void) => type === "focusin" && focusListeners.push(listener),
    focus: () => focusListeners.forEach((listener) => listener()),
    /** the element inside it, which the focus may be in */
    inner: {},
    contains(node: unknown) {
      return node === this.inner;
    },
    busy: () => attributes.get("aria-busy"),
  };
}
type FakePart = ReturnType<typeof fakePart>;

/** A stand-in IntersectionObserver: `report` says which observed parts are near the view, as the page would. */
function fakeIntersections() {
  let callback: ((entries: { target: unknown; isIntersecting: boolean }[]) => void) | undefined;
  let margin: string | undefined;
  const global = globalThis as unknown as Record<string, unknown>;
  global.IntersectionObserver = class {
    constructor(reported: typeof callback, options: { rootMargin: string }) {
      callback = reported;
      margin = options.rootMargin;
    }
    observe() {}
  };
  return {
    report: (entries: [FakePart, boolean][]) =>
      callback!(entries.map(([target, isIntersecting]) => ({ target, isIntersecting }))),
    margin: () => margin,
    restore: () => delete global.IntersectionObserver,
  };
}

const partsOf = (...parts: FakePart[]) => parts as unknown as HTMLElement[];

describe("offscreenDraw: the sections under a form drawn while near the view", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test("near the view (and before the first report) every request draws at once", () => {
    const seen = fakeIntersections();
    const part = fakePart();
    const draws: number[] = [];
    const months = offscreenDraw(partsOf(part));
    months.request(() => draws.push(1));
    seen.report([[part, true]]);
    months.request(() => draws.push(2));
    expect(draws).toEqual([1, 2]);
    expect(part.busy()).toBeUndefined();
    expect(seen.margin()).toBe("25% 0px");
    seen.restore();
  });

  test("off-screen, a burst of keystrokes draws once, the last, after the pause; aria-busy meanwhile", () => {
    const seen = fakeIntersections();
    const part = fakePart();
    const draws: number[] = [];
    const months = offscreenDraw(partsOf(part));
    seen.report([[part, false]]);
    for (let key = 1; key <= 5; key++) {
      months.request(() => draws.push(key));
      jest.advanceTimersByTime(QUIET_MS - 1);
    }
    expect(draws).toEqual([]);
    expect(part.busy()).toBe("true");
    jest.advanceTimersByTime(1);
    expect(draws).toEqual([5]);
    expect(part.busy()).toBeUndefined();
    jest.advanceTimersByTime(10 * QUIET_MS);
    expect(draws).toEqual([5]);
    seen.restore();
  });

  test("a kept draw runs when a part nears the view, when the focus enters one, and on flush; once each", () => {
    const seen = fakeIntersections();
    const [above, below] = [fakePart(), fakePart()];
    const draws: string[] = [];
    const sections = offscreenDraw(partsOf(above, below));
    seen.report([
      [above, false],
      [below, false],
    ]);
    sections.request(() => draws.push("scrolled to"));
    expect(above.busy()).toBe("true");
    expect(below.busy()).toBe("true");
    seen.report([[below, true]]);
    expect(draws).toEqual(["scrolled to"]);
    expect(below.busy()).toBeUndefined();
    seen.report([[below, false]]);
    sections.request(() => draws.push("focused"));
    above.focus();
    sections.request(() => draws.push("flushed"));
    sections.flush();
    sections.flush();
    jest.advanceTimersByTime(10 * QUIET_MS);
    expect(draws).toEqual(["scrolled to", "focused", "flushed"]);
    seen.restore();
  });

  test("off-screen by the last report, a part holding the focus is drawn at once (a planner typing in it)", () => {
    const seen = fakeIntersections();
    const part = fakePart();
    const draws: number[] = [];
    const months = offscreenDraw(partsOf(part));
    seen.report([[part, false]]);
    const global = globalThis as unknown as Record<string, unknown>;
    global.document = { activeElement: part.inner };
    months.request(() => draws.push(1));
    global.document = { activeElement: {} };
    months.request(() => draws.push(2));
    delete global.document;
    expect(draws).toEqual([1]);
    expect(part.busy()).toBe("true");
    seen.restore();
  });

  test("without an IntersectionObserver (a test's DOM) every request draws at once", () => {
    const part = fakePart();
    const draws: number[] = [];
    const months = offscreenDraw(partsOf(part));
    months.request(() => draws.push(1));
    months.request(() => draws.push(2));
    expect(draws).toEqual([1, 2]);
    expect(part.busy()).toBeUndefined();
  });
});
