/*
 * How long a test may wait, sized for a loaded 2-core machine (CI runs on one, and `npm test` shares it with
 * whatever else runs): about ten times what each step takes on this machine idle. A deadline that is part of
 * what a test checks (the release check's --timeout) is not one of these; it stays in its test.
 */

/** Starting an engine in-process (DuckDB-Wasm, IronCalc, HyperFormula over a large sheet): 1-6 s idle. */
export const ENGINE_START_MS = 120_000;
/** One LibreOffice headless conversion (start, load, recalculate, save): 5-20 s idle. */
export const LIBREOFFICE_MS = 300_000;
/** A test that runs LibreOffice several times, or builds and serves a release over TLS: 20-60 s idle. */
export const HEAVY_TEST_MS = 600_000;
