/*
 * A view's action bar (core/pane/viewActions.ts) over stand-in elements: the buttons of the mode only, off while
 * the input is invalid or an action runs, "Working..." meanwhile, then the action's sentence or its failure.
 */
import { PaneMode, Refusal, ViewAction, viewActions } from "../../../src/core/pane/viewActions";

/** The parts of a button or status line the action bar touches, and a click that waits for what it started. */
function fakeElement() {
  const listeners: (() => unknown)[] = [];
  const classes = new Set<string>();
  return {
    textContent: "",
    hidden: true,
    disabled: true,
    classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    isError: () => classes.has("error"),
    addEventListener: (_type: string, listener: () => unknown) => listeners.push(listener),
    click: () => listeners.forEach((listener) => listener()),
  };
}
type Fake = ReturnType<typeof fakeElement>;

/** A promise and its resolve/reject, to hold an action's work open while the test looks at the bar. */
function deferred() {
  let resolve!: (text: string) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<string>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

const settle = () => new Promise((done) => setTimeout(done, 0));

function bar(valid: () => boolean) {
  const status = fakeElement();
  const insert = fakeElement();
  const download = fakeElement();
  const read = fakeElement();
  let work = deferred();
  /** how many times each action's work was started */
  const started = new Map<Fake, number>();
  const action = (button: Fake, mode: PaneMode, needsValid = true): ViewAction => ({
    button: button as unknown as HTMLButtonElement,
    mode,
    needsValid,
    work: () => {
      started.set(button, (started.get(button) ?? 0) + 1);
      return work.promise;
    },
  });
  const actions = viewActions({
    status: status as unknown as HTMLElement,
    actions: [action(insert, "excel"), action(download, "browser"), action(read, "excel", false)],
    valid,
    failure: "That did not work",
  });
  const startedOf = (button: Fake) => started.get(button) ?? 0;
  return { actions, status, insert, download, read, startedOf, next: () => (work = deferred()), work: () => work };
}

test("the buttons stay hidden until the mode is known, then only the mode's show", () => {
  const { actions, insert, download, read } = bar(() => true);
  actions.refresh();
  expect([insert.hidden, download.hidden, read.hidden]).toEqual([true, true, true]);
  actions.setMode("excel");
  expect([insert.hidden, download.hidden, read.hidden]).toEqual([false, true, false]);
  actions.setMode("browser");
  expect([insert.hidden, download.hidden, read.hidden]).toEqual([true, false, true]);
});

test("an action that writes is off while the input is invalid, and its click does nothing", () => {
  let valid = false;
  const { actions, status, insert, read } = bar(() => valid);
  actions.setMode("excel");
  expect([insert.disabled, read.disabled]).toEqual([true, false]);
  insert.click();
  expect(status.textContent).toBe("");
  valid = true;
  actions.refresh();
  expect(insert.disabled).toBe(false);
});

test("while an action runs every button is off and the status says Working...; then its sentence", async () => {
  const { actions, status, insert, read, work, startedOf } = bar(() => true);
  actions.setMode("excel");
  insert.click();
  expect(status.textContent).toBe("Working...");
  expect([insert.disabled, read.disabled]).toEqual([true, true]);
  // A click that reaches a listener anyway (the stand-in ignores disabled, as a queued event may) starts nothing.
  read.click();
  insert.click();
  expect([startedOf(insert), startedOf(read)]).toEqual([1, 0]);
  work().resolve('Inserted on a new sheet, "What-if".');
  await settle();
  expect(status.textContent).toBe('Inserted on a new sheet, "What-if".');
  expect(status.isError()).toBe(false);
  expect([insert.disabled, read.disabled]).toEqual([false, false]);
});

test("a failure is said after the view's words; a refusal is said as it is; both as errors", async () => {
  const { actions, status, insert, read, work, next } = bar(() => true);
  actions.setMode("excel");
  insert.click();
  work().reject(new Error("the workbook is read-only"));
  await settle();
  expect(status.textContent).toBe("That did not work: the workbook is read-only");
  expect(status.isError()).toBe(true);
  next();
  read.click();
  work().reject(new Refusal("No what-if sheet in this workbook."));
  await settle();
  expect(status.textContent).toBe("No what-if sheet in this workbook.");
  expect(status.isError()).toBe(true);
  actions.say("Saved.");
  expect([status.textContent, status.isError()]).toEqual(["Saved.", false]);
});
