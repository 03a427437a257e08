/*
 * The pure parts of the in-Excel conversion: A1 addresses past Z, rectangles that hold exactly
 * the cells asked for, batches within the payload budget, and byte counts that never
 * underestimate what JSON sends.
 */
import fc from "fast-check";
import { columnLetter, parseCell, rangeAddress } from "../../../src/core/excel/a1";
import { batchesOf, blocksOf } from "../../../src/portable/excel/blocks";
import { nextChunkRows, OPERATION_BYTES, textBytes } from "../../../src/portable/excel/payload";

test("column names run A..Z, AA.., XFD and read back", () => {
  expect([0, 25, 26, 51, 52, 701, 702, 16383].map(columnLetter)).toEqual([
    "A",
    "Z",
    "AA",
    "AZ",
    "BA",
    "ZZ",
    "AAA",
    "XFD",
  ]);
  fc.assert(
    fc.property(fc.nat(16383), fc.nat(1048575), (column, row) => {
      expect(parseCell(`${columnLetter(column)}${row + 1}`)).toEqual({ row, column });
    }),
  );
  expect(rangeAddress(4, 1, 1, 1)).toBe("B5");
  expect(rangeAddress(0, 26, 10, 2)).toBe("AA1:AB10");
  expect(parseCell("A0")).toBeUndefined();
});

const cellsArbitrary = fc.uniqueArray(fc.record({ row: fc.nat(40), column: fc.nat(8) }), {
  selector: (c) => `${c.row},${c.column}`,
  maxLength: 200,
});

test("blocks hold exactly the cells given, each once, every position of each block one of them", () => {
  fc.assert(
    fc.property(cellsArbitrary, (cells) => {
      const covered: string[] = [];
      for (const block of blocksOf(cells)) {
        expect(block.cells).toHaveLength(block.rows);
        block.cells.forEach((row, r) => {
          expect(row).toHaveLength(block.columns);
          row.forEach((cell, c) => {
            expect(cell).toMatchObject({ row: block.row + r, column: block.column + c });
            covered.push(`${cell.row},${cell.column}`);
          });
        });
        expect(block.address).toBe(rangeAddress(block.row, block.column, block.rows, block.columns));
      }
      expect(covered.sort()).toEqual(cells.map((c) => `${c.row},${c.column}`).sort());
    }),
  );
});

test("a column of formulas is one block; a full rectangle is one block; scattered cells one each", () => {
  const column = Array.from({ length: 1000 }, (_, row) => ({ row, column: 2 }));
  expect(blocksOf(column).map((b) => b.address)).toEqual(["C1:C1000"]);
  const square = [0, 1, 2].flatMap((row) => [0, 1].map((c) => ({ row, column: c })));
  expect(blocksOf(square).map((b) => b.address)).toEqual(["A1:B3"]);
  expect(
    blocksOf([
      { row: 0, column: 0 },
      { row: 5, column: 3 },
    ]).map((b) => b.address),
  ).toEqual(["A1", "D6"]);
});

test("every batch stays within the budget in each direction, unless one row alone is over it", () => {
  fc.assert(
    fc.property(
      cellsArbitrary,
      fc.integer({ min: 1, max: 3000 }),
      fc.integer({ min: 2000, max: 20000 }),
      (cells, size, budget) => {
        const costs = (c: { row: number; column: number }) => [((c.row * 7 + c.column) % size) + 1, size / 2];
        const batches = batchesOf(cells, costs, budget);
        expect(batches.flatMap((b) => b.flatMap((block) => block.cells.flat())).length).toBe(cells.length);
        for (const batch of batches) {
          const sums = [0, 0];
          for (const block of batch) {
            for (const row of block.cells) for (const cell of row) costs(cell).forEach((x, i) => (sums[i] += x));
            sums[0] += OPERATION_BYTES;
            sums[1] += OPERATION_BYTES;
          }
          const alone = batch.length === 1 && batch[0].rows === 1;
          if (!alone) expect(Math.max(...sums)).toBeLessThanOrEqual(budget);
        }
      },
    ),
  );
});

test("byte counts are the UTF-8 bytes of the JSON string, or more, never less", () => {
  const actual = (s: string) => Buffer.byteLength(JSON.stringify(s), "utf8");
  expect(textBytes('=MLCOST.CROSSOVER(600, "a")')).toBe(actual('=MLCOST.CROSSOVER(600, "a")'));
  expect(textBytes("€ 😀")).toBe(actual("€ 😀"));
  fc.assert(
    fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" })), (s) => {
      expect(textBytes(s)).toBeGreaterThanOrEqual(actual(s));
    }),
  );
});

test("chunks start from an assumption, then follow the widest row seen, growing at most four-fold", () => {
  expect(nextChunkRows(3, undefined, 768000)).toBe(1000);
  expect(nextChunkRows(3, { rows: 1000, widestRowBytes: 100 }, 768000)).toBe(4000);
  expect(nextChunkRows(3, { rows: 1000, widestRowBytes: 7680 }, 768000)).toBe(100);
  expect(nextChunkRows(3, { rows: 1, widestRowBytes: 10000000 }, 768000)).toBe(1);
});
