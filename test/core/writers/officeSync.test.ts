/*
 * The writers' one sync and failure helper on its own: the count, the catch, the two ways of saying
 * a failure, and the requirement check with and without Office.js.
 */
import {
  attempt,
  failureText,
  failureTextWithCode,
  hasExcelApi,
  lacksExcelApi,
  newSession,
} from "../../../src/core/writers/officeSync";

/** An error as Office.js throws it: the code apart from the message. */
const officeError = (code: string, message: string) => Object.assign(new Error(message), { code });

test("a session counts each sync it is handed, whether it goes through or not", async () => {
  const session = newSession();
  await session.counted(Promise.resolve());
  await session.counted(Promise.reject(new Error("refused"))).catch(() => undefined);
  expect(session.syncs).toBe(2);
});

test("attempt gives the value, or the failure with its sentence, and catches a throw while queueing", async () => {
  expect(await attempt(async () => 42)).toEqual({ ok: true, value: 42 });
  const thrown = officeError("InvalidArgument", "no chart type Pie3D");
  expect(await attempt(() => Promise.reject(thrown))).toEqual({
    ok: false,
    failure: thrown,
    reason: "no chart type Pie3D",
  });
  const queued = await attempt(async () => {
    throw "not an Error";
  }, failureTextWithCode);
  expect(queued).toEqual({ ok: false, failure: "not an Error", reason: "not an Error" });
});

test("the inserts say a failure by its message, the conversion with its code where the message lacks it", () => {
  const bare = officeError("ItemAlreadyExists", "A name already exists.");
  const coded = officeError("ItemNotFound", "ItemNotFound: no worksheet Q1");
  expect(failureText(bare)).toBe("A name already exists.");
  expect(failureTextWithCode(bare)).toBe("ItemAlreadyExists: A name already exists.");
  expect(failureTextWithCode(coded)).toBe("ItemNotFound: no worksheet Q1");
  expect(failureTextWithCode(new Error("plain"))).toBe("plain");
  expect([failureText(7), failureTextWithCode(undefined)]).toEqual(["7", "undefined"]);
});

describe("requirement sets", () => {
  const global = globalThis as { Office?: unknown };
  afterEach(() => delete global.Office);

  test("outside Office every set is lacking, and the sentence names what needs it", () => {
    delete global.Office;
    expect(hasExcelApi("1.1")).toBe(false);
    expect(lacksExcelApi("1.7", "its log axes")).toBe("this Excel lacks ExcelApi 1.7, which its log axes need");
  });

  test("inside Excel the host's own answer counts", () => {
    global.Office = {
      context: {
        requirements: { isSetSupported: (name: string, v: string) => name === "ExcelApi" && Number(v) <= 1.8 },
      },
    };
    expect([hasExcelApi("1.7"), hasExcelApi("1.9")]).toEqual([true, false]);
    expect(lacksExcelApi("1.8", "its overlapping bars")).toBeUndefined();
  });
});
