/*
 * The bill's hourly serving demand (billSql.ts hourlyDemandSql) read by DuckDB-Wasm through the import's own steps
 * (openBill, measureBill) and made into the commitment to buy (src/commitments): the hourly fixture reproduces the
 * worked example of ../shared/cost-model.md "Commitments" (10 accelerators for 360 hours, 30 for 360, 2.00 an
 * hour), its discount (40%) read from the committed rows against ListCost; the same bill summed by day or by month
 * says it cannot show hourly demand.
 */
import { readFileSync } from "fs";
import { join } from "path";
import { BillMeasurement, ChosenBlob, measureBill, openBill } from "../../../src/bill/engine/billImport";
import { DEFAULT_MAPPING } from "../../../src/bill/model/roles";
import { groupCommitments, ServingDemand } from "../../../src/commitments/model";
import { isProblem } from "../../../src/core/model/problems";
import { asBillEngine, Engine, openEngine } from "../support/duckdb";
// the fixtures' generator is a Node script beside them (node test/bill/fixtures/makeHourly.js writes them)
const { HOURLY_FIXTURES } = require("../fixtures/makeHourly.js") as { HOURLY_FIXTURES: Record<string, string> };

const FIXTURES = join(__dirname, "../fixtures");
const hourly = readFileSync(join(FIXTURES, "hourly-serving.csv"), "utf8");
const spot = readFileSync(join(FIXTURES, "hourly-spot.csv"), "utf8");

let engine: Engine;
beforeAll(async () => {
  engine = await openEngine();
});
afterAll(() => engine.close());

async function demandOfBill(name: string, text: string): Promise<ServingDemand> {
  const billEngine = asBillEngine(engine);
  const opened = await openBill(billEngine, [{ name, blob: new Blob([text]) } satisfies ChosenBlob]);
  if ("problems" in opened) throw new Error(opened.problems.map((p) => p.message).join("; "));
  const measured = (await measureBill(billEngine, opened, { mapping: DEFAULT_MAPPING })) as BillMeasurement;
  if (!measured.servingDemand) throw new Error(JSON.stringify(measured.problems));
  return measured.servingDemand;
}

/**
 * The hourly fixture's usage rows summed over each `hours` hours from the month's start: the same bill as a daily
 * (24) or a monthly (720) export writes it, with its quantities and costs added up and its charge periods that long.
 */
function summedBy(hours: number): string {
  const [header, ...lines] = hourly.trimEnd().split("\n");
  const names = header.split(",");
  const at = (name: string) => names.indexOf(name);
  const sums = new Map<string, { fields: string[]; figures: number[] }>();
  const figures = ["BilledCost", "EffectiveCost", "ListCost", "ConsumedQuantity", "PricingQuantity"].map(at);
  for (const line of lines) {
    // the Tags field is the one with commas, and it is quoted: split around it
    const quoted = line.match(/"[^"]*(""[^"]*)*"/)?.[0] ?? "";
    const fields = line
      .replace(quoted, "TAGS")
      .split(",")
      .map((f) => (f === "TAGS" ? quoted : f));
    if (fields[at("ChargeCategory")] !== "Usage") continue;
    const start = Date.parse(fields[at("ChargePeriodStart")]);
    const from = Date.parse("2026-01-01T00:00:00Z");
    const periodStart = from + Math.floor((start - from) / (hours * 3.6e6)) * hours * 3.6e6;
    const key = `${periodStart}|${fields[at("ResourceName")]}`;
    const sum = sums.get(key) ?? { fields, figures: figures.map(() => 0) };
    figures.forEach((column, i) => (sum.figures[i] += Number(fields[column] || 0)));
    sums.set(key, sum);
    const iso = (ms: number) => new Date(ms).toISOString().replace(".000", "");
    sum.fields[at("ChargePeriodStart")] = iso(periodStart);
    sum.fields[at("ChargePeriodEnd")] = iso(periodStart + hours * 3.6e6);
  }
  const rows = [...sums.values()].map(({ fields, figures: totals }) => {
    const out = [...fields];
    figures.forEach((column, i) => (out[column] = String(totals[i])));
    return out.join(",");
  });
  return [header, ...rows].join("\n") + "\n";
}

describe("the hourly fixture: the worked example as a FOCUS export", () => {
  let demand: ServingDemand;
  beforeAll(async () => {
    demand = await demandOfBill("hourly-serving.csv", hourly);
  });

  test("one group (g5 in us-east-1, USD): 360 hours at 10 accelerators, 360 at 30, over 720 hours", () => {
    if (!demand.hourly) throw new Error(demand.message);
    expect(demand.hours).toBe(720);
    expect(demand.groups).toHaveLength(1);
    const [group] = demand.groups;
    expect(group).toMatchObject({ currency: "USD", family: "g5", region: "us-east-1" });
    // the training hour (p4d) is no serving demand; the reservation's purchase row is left out
    expect([...group.demand].sort((a, b) => a.accelerators - b.accelerators)).toEqual([
      { accelerators: 10, hours: 360 },
      { accelerators: 30, hours: 360 },
    ]);
  });

  test("the price on demand from ListCost (2.00), the discount from the committed rows (40%), 10 committed", () => {
    if (!demand.hourly) throw new Error(demand.message);
    const [group] = demand.groups;
    expect(group.priceFrom).toBe("ListCost");
    expect(group.pricePerAcceleratorHour).toBeCloseTo(2, 12);
    // 8,640.00 EffectiveCost for 7,200 committed accelerator-hours that list at 14,400.00
    expect(group.discountRead).toBeCloseTo(0.4, 12);
    expect(group.billedCommittedAccelerators).toBeCloseTo(10, 12);
  });

  test("at the bill's discount: commit 10, 23,040.00, saving 20%, utilisation 100%, coverage 50.0%", () => {
    const [row] = groupCommitments(demand);
    expect(row.discountFrom).toBe("the bill");
    if (isProblem(row.answer)) throw new Error(row.answer.message);
    expect(row.answer.allOnDemandCost).toBeCloseTo(28_800, 6);
    expect(row.answer.cheapest.committedAccelerators).toBe(10);
    expect(row.answer.cheapest.totalCost).toBeCloseTo(23_040, 6);
    expect(row.answer.savingShare).toBeCloseTo(0.2, 9);
    expect(row.answer.cheapest.utilisation).toBeCloseTo(1, 9);
    expect(row.answer.cheapest.coverage).toBeCloseTo(0.5, 9);
    // the bill committed 10: the cheapest saves nothing more against it
    expect(row.answer.billed?.savingAgainstBilled).toBeCloseTo(0, 6);
  });

  test("at a typed 60%: commit 30, 17,280.00, saving 40%, utilisation 66.7%, coverage 100%", () => {
    const [row] = groupCommitments(demand, 0.6);
    expect(row.discountFrom).toBe("typed");
    if (isProblem(row.answer)) throw new Error(row.answer.message);
    expect(row.answer.cheapest.committedAccelerators).toBe(30);
    expect(row.answer.cheapest.totalCost).toBeCloseTo(17_280, 6);
    expect(row.answer.savingShare).toBeCloseTo(0.4, 9);
    expect(row.answer.cheapest.utilisation).toBeCloseTo(2 / 3, 9);
    expect(row.answer.cheapest.coverage).toBeCloseTo(1, 9);
    // the bill's 10 at 60% off: 5,760.00 + 14,400.00 on demand = 20,160.00, so 30 saves 2,880.00 more
    expect(row.answer.billed?.totalCost).toBeCloseTo(20_160, 6);
    expect(row.answer.billed?.savingAgainstBilled).toBeCloseTo(2_880, 6);
  });
});

/** A bill's text without its ListCost column (its field comes before the quoted Tags: the first commas place it). */
function withoutListCost(text: string): string {
  const lines = text.trimEnd().split("\n");
  const at = lines[0].split(",").indexOf("ListCost");
  return (
    lines.map((line) => [...line.split(",").slice(0, at), ...line.split(",").slice(at + 1)].join(",")).join("\n") + "\n"
  );
}

describe("the fixtures are their generator's output, byte for byte", () => {
  test.each(Object.entries(HOURLY_FIXTURES))("%s", (name, text) => {
    expect(readFileSync(join(FIXTURES, name), "utf8")).toBe(text);
  });
});

describe("spot rows are serving demand, priced on demand at the on-demand price", () => {
  // hourly-spot.csv: the worked example with 5 of the last 360 hours' 20 instances on spot (Dynamic, 0.70 an hour)
  test("the demand is the worked example's: 10 for 360 hours, 30 for 360; 2.00 from ListCost; commit 10", async () => {
    const demand = await demandOfBill("hourly-spot.csv", spot);
    if (!demand.hourly) throw new Error(demand.message);
    const [group] = demand.groups;
    expect([...group.demand].sort((a, b) => a.accelerators - b.accelerators)).toEqual([
      { accelerators: 10, hours: 360 },
      { accelerators: 30, hours: 360 },
    ]);
    expect(group.priceFrom).toBe("ListCost");
    expect(group.pricePerAcceleratorHour).toBeCloseTo(2, 12);
    const [row] = groupCommitments(demand);
    if (isProblem(row.answer)) throw new Error(row.answer.message);
    expect(row.answer.cheapest.committedAccelerators).toBe(10);
    expect(row.answer.allOnDemandCost).toBeCloseTo(28_800, 6);
  });

  test("without ListCost the price is the Standard rows' 2.00, not pulled down by spot's 0.70", async () => {
    const demand = await demandOfBill("spot-no-list.csv", withoutListCost(spot));
    if (!demand.hourly) throw new Error(demand.message);
    expect(demand.groups[0].priceFrom).toBe("on demand's EffectiveCost");
    expect(demand.groups[0].pricePerAcceleratorHour).toBeCloseTo(2, 12);
    expect(demand.groups[0].discountRead).toBeCloseTo(0.4, 12);
  });
});

describe("a bill without ListCost", () => {
  test("prices on demand from its Standard rows' EffectiveCost (2.00), and reads the same 40%", async () => {
    const lines = hourly.trimEnd().split("\n");
    const at = lines[0].split(",").indexOf("ListCost");
    // ListCost's field comes before the quoted Tags, so the first commas place it
    const without = lines.map((line) => {
      const fields = line.split(",");
      return [...fields.slice(0, at), ...fields.slice(at + 1)].join(",");
    });
    const demand = await demandOfBill("no-list-cost.csv", without.join("\n") + "\n");
    if (!demand.hourly) throw new Error(demand.message);
    expect(demand.groups[0].priceFrom).toBe("on demand's EffectiveCost");
    expect(demand.groups[0].pricePerAcceleratorHour).toBeCloseTo(2, 12);
    expect(demand.groups[0].discountRead).toBeCloseTo(0.4, 12);
  });
});

describe("a bill whose charge periods are longer than an hour says so", () => {
  test("the same bill by day: it is daily, and says what to do instead", async () => {
    const demand = await demandOfBill("daily.csv", summedBy(24));
    expect(demand.hourly).toBe(false);
    if (demand.hourly) return;
    expect(demand.granularity).toBe("daily");
    expect(demand.message).toBe(
      "This bill is daily: it cannot show hourly demand; export an hourly bill, or type a demand profile.",
    );
    expect(groupCommitments(demand)).toEqual([]);
  });

  test("the same bill by month: it is monthly", async () => {
    const demand = await demandOfBill("monthly.csv", summedBy(720));
    expect(demand).toMatchObject({ hourly: false, granularity: "monthly" });
  });

  test("a bill with no serving rows says there is no serving demand to commit to", async () => {
    const training = hourly.replace(/inference/g, "training");
    const demand = await demandOfBill("training.csv", training);
    expect(demand.hourly).toBe(false);
    if (!demand.hourly) expect(demand.message).toMatch(/No accelerator row is mapped to serving/);
  });
});

/** A serving usage row of the hourly fixture's columns: `count` g5.xlarge from `start` for `hours` hours. */
function servingRow(start: string, hours: number, count: number, sku = "g5.xlarge", provider = "AWS"): string {
  const end = new Date(Date.parse(start) + hours * 3.6e6).toISOString().replace(".000", "");
  const cost = (2 * count * hours).toFixed(2);
  return (
    `${provider},${start},${end},Usage,USD,${cost},${cost},${cost},${count * hours},Hours,${count * hours},Hours,` +
    `Standard,,,Compute,Compute,${sku},us-east-1,endpoint-x,"{""workload"": ""inference""}",${sku} instance hour`
  );
}

describe("hourly or daily by the serving rows' charge periods, as a share", () => {
  test("one daily serving row in an hourly bill: hourly, that row said and left out of the demand", async () => {
    const demand = await demandOfBill(
      "hourly-one-daily.csv",
      hourly + servingRow("2026-01-10T00:00:00Z", 24, 3) + "\n",
    );
    if (!demand.hourly) throw new Error(demand.message);
    // 720 + 360 hourly serving rows and the one of 24 hours
    expect(demand.notHourlyRows).toBe(1);
    expect(demand.note).toBe(
      "1 of the 1,081 serving rows is not hourly (a charge period longer than an hour, or without an end): it is " +
        "left out of the hourly demand.",
    );
    expect([...demand.groups[0].demand].sort((a, b) => a.accelerators - b.accelerators)).toEqual([
      { accelerators: 10, hours: 360 },
      { accelerators: 30, hours: 360 },
    ]);
  });

  test("an hourly bill says nothing of rows left out when it has none", async () => {
    const demand = await demandOfBill("hourly-serving.csv", hourly);
    expect(demand).toMatchObject({ hourly: true, notHourlyRows: 0 });
    expect(demand.hourly && demand.note).toBeUndefined();
  });

  test("a daily bill with a few hourly rows stays daily", async () => {
    const rows = ["2026-01-03T05:00:00Z", "2026-01-03T06:00:00Z", "2026-01-03T07:00:00Z"].map((t) =>
      servingRow(t, 1, 4),
    );
    const demand = await demandOfBill("daily-some-hourly.csv", summedBy(24) + rows.join("\n") + "\n");
    expect(demand).toMatchObject({ hourly: false, granularity: "daily" });
  });
});

describe("demand by the vendor's family: a machine type's sizes are one demand in accelerators", () => {
  test("a3-highgpu-8g and a3-highgpu-1g serving together are one group, a3-highgpu", async () => {
    const header = hourly.slice(0, hourly.indexOf("\n") + 1);
    const hours = Array.from({ length: 10 }, (_, h) => new Date(Date.parse("2026-01-01T00:00:00Z") + h * 3.6e6));
    const at = (t: Date) => t.toISOString().replace(".000", "");
    const rows = [
      ...hours.map((t) => servingRow(at(t), 1, 1, "a3-highgpu-8g", "Google Cloud")),
      ...hours.slice(0, 5).map((t) => servingRow(at(t), 1, 2, "a3-highgpu-1g", "Google Cloud")),
    ];
    const demand = await demandOfBill("a3.csv", header + rows.join("\n") + "\n");
    if (!demand.hourly) throw new Error(demand.message);
    expect(demand.groups.map((g) => g.family)).toEqual(["a3-highgpu"]);
    // 8 GPUs all 10 hours, and 2 x 1 more in the first 5
    expect([...demand.groups[0].demand].sort((a, b) => a.accelerators - b.accelerators)).toEqual([
      { accelerators: 8, hours: 5 },
      { accelerators: 10, hours: 5 },
    ]);
  });
});
