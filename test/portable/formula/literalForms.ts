/*
 * Number literals as a formula may spell them: in parentheses, signed, both. Their type is known
 * when rewriting, so the plain rewrite gives them no type check; LibreOffice misreads such a check
 * around a constant (design.md, Known traps). Shared by the engine test and the LibreOffice e2e.
 */
import { TWIN_SPECS } from "../../../src/portable/formula/twins";

/** One call with one argument spelled as a literal form, and the plain values the custom function gets. */
export interface LiteralCase {
  id: string;
  call: string;
  values: number[];
}

/** Each form of a value x, with the value it stands for. */
const FORMS: readonly ((x: string) => [string, (x: number) => number])[] = [
  (x) => [`(${x})`, (v) => v],
  (x) => [`+${x}`, (v) => v],
  (x) => [`--${x}`, (v) => v],
  (x) => [`( ( ${x} ) )`, (v) => v],
  (x) => [`-${x}`, (v) => -v],
  (x) => [`-(${x})`, (v) => -v],
  (x) => [`(-${x})`, (v) => -v],
];

/**
 * An in-domain value for each argument: a fraction 0.5, a factor 2, else the worked example's 600, 0.04, 3, 2, and 5
 * and 7 for a fifth and sixth argument (APICOST's, APICROSSOVER's).
 */
const baseValues = (id: string) =>
  TWIN_SPECS.find((s) => s.id === id)!.arguments.map((a, i) =>
    a.domain === "fraction" ? 0.5 : a.domain === "factor" ? 2 : [600, 0.04, 3, 2, 5, 7][i],
  );

/** The issue's own cases first, then every twin with each argument in each form. */
export function literalCases(): LiteralCase[] {
  const cases: LiteralCase[] = [
    { id: "CROSSOVER", call: "MLCOST.CROSSOVER((600),0.04)", values: [600, 0.04] },
    { id: "CROSSOVER", call: "MLCOST.CROSSOVER(+600,0.04)", values: [600, 0.04] },
    { id: "CROSSOVER", call: "MLCOST.CROSSOVER(--600,0.04)", values: [600, 0.04] },
    { id: "AMDAHLCEILING", call: "MLCOST.AMDAHLCEILING(2400,88800,(0.5))", values: [2400, 88800, 0.5] },
    { id: "CROSSOVER", call: "MLCOST.CROSSOVER(-1,0.04)", values: [-1, 0.04] },
  ];
  for (const spec of TWIN_SPECS) {
    const base = baseValues(spec.id);
    base.forEach((x, at) => {
      for (const form of FORMS) {
        const [text, value] = form(String(x));
        const args = base.map((v, i) => (i === at ? text : String(v)));
        const values = base.map((v, i) => (i === at ? value(v) : v));
        cases.push({ id: spec.id, call: `MLCOST.${spec.id}(${args.join(",")})`, values });
      }
    });
  }
  return cases;
}
