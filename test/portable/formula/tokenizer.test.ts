/* The formula tokenizer: every formula comes back exactly, and each part is what it looks like. */
import fc from "fast-check";
import { tokenize, untokenize } from "../../../src/portable/formula/tokenizer";

const kinds = (formula: string) => tokenize(formula).map((t) => `${t.kind}:${t.text}`);

test.each([
  "=MLCOST.CROSSOVER(600, 0.04)",
  '="MLCOST.CROSSOVER(" & A1',
  "='Q1 ''draft'' budget'!B2*2",
  "=MLCOST.SPLITRATIO(MLCOST.CLIPSPERINTERVAL(250, 90), 0.04, 600)",
  "=mlcost.crossover( a1 , $B$2 )",
  '=SUM({1,2;3,4})+{"a,b";"c}"}',
  "=SUM(Table1[[#This Row],[Clips]],Table1[Hours])",
  "=[2]!_xldudf_MLCOST_CROSSOVER(A1,B1)",
  "=IFERROR(1/0,#DIV/0!)&#N/A",
  "=A1:B2 C1:D3",
  "=SUM(1:1)+SUM(A:A)+Sheet2!$A$1:$B$9",
  "=_xlfn.LET(_xlpm.x,1,_xlpm.x+1)",
  "=-1.5E+3%>=2<>3",
  "=A1#",
  "",
])("%p joins back exactly", (formula) => {
  expect(untokenize(tokenize(formula))).toBe(formula);
});

test("a string holding a call is one string token", () => {
  expect(kinds('="MLCOST.CROSSOVER(1,2)"&B1')).toEqual([
    "operator:=",
    'string:"MLCOST.CROSSOVER(1,2)"',
    "operator:&",
    "reference:B1",
  ]);
});

test("quoted sheet names, external prefixes and dotted names are one token each", () => {
  expect(kinds("='My sheet'!A1+[2]!_xldudf_MLCOST_CROSSOVER(x)")).toEqual([
    "operator:=",
    "reference:'My sheet'!A1",
    "operator:+",
    "function:[2]!_xldudf_MLCOST_CROSSOVER(",
    "reference:x",
    "close:)",
  ]);
  expect(kinds("MLCOST.SERVINGHOURS(C1:C9,0.04)")).toEqual([
    "function:MLCOST.SERVINGHOURS(",
    "reference:C1:C9",
    "separator:,",
    "number:0.04",
    "close:)",
  ]);
});

test("array constants and structured references keep their commas to themselves", () => {
  expect(kinds("=SUM({1,2},T[[#Totals],[a,b]])")).toEqual([
    "operator:=",
    "function:SUM(",
    "array:{1,2}",
    "separator:,",
    "reference:T[[#Totals],[a,b]]",
    "close:)",
  ]);
});

test("an unclosed string or bracket is a syntax error, not a guess", () => {
  expect(() => tokenize('="open')).toThrow(SyntaxError);
  expect(() => tokenize("=T[[a]")).toThrow(SyntaxError);
});

test("property: any formula made of the grammar's parts joins back exactly", () => {
  const part = fc.constantFrom(
    "MLCOST.CROSSOVER(",
    "SUM(",
    ")",
    ",",
    "A1",
    "$B$2:C9",
    "'a b'!C3",
    '"x,y("',
    "{1,2;3,4}",
    "T[[#This Row],[c]]",
    "#N/A",
    "1.5e3",
    "+",
    " ",
    "&",
    "<>",
  );
  fc.assert(
    fc.property(fc.array(part, { maxLength: 30 }), (parts) => {
      const formula = `=${parts.join("")}`;
      return untokenize(tokenize(formula)) === formula;
    }),
  );
});
