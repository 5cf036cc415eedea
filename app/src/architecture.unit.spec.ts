import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The import direction between packages (and between web features) as .dependency-cruiser.mjs states it:
// an arrow against the flow, or a circle, fails here with its file and rule.
const root = fileURLToPath(new URL('../../', import.meta.url));
const config: { default: IConfiguration; allowed: Record<string, string[]> } = await import(
  `${root}.dependency-cruiser.mjs`
);
const { default: ruleSet, allowed } = config;
const packages = Object.keys(allowed);

describe('architecture', () => {
  it('every import runs one way: contracts <- services, projections, workflows <- app, web, cli', async () => {
    const { output } = await cruise(
      packages.map((p) => `${p}/src`),
      // Paths in the rules and the results are relative to the repository's root.
      { ...ruleSet.options, baseDir: root, validate: true, ruleSet },
    );
    const { summary } = output as ICruiseResult;
    const violations = summary.violations.map(
      (v) => `${v.rule.name}: ${v.from} -> ${v.cycle?.map((c) => c.name).join(' -> ') ?? v.to}`,
    );
    expect(violations).toEqual([]);
    // A cruise that saw nothing would pass too.
    expect(summary.totalCruised).toBeGreaterThan(400);
  }, 120_000);

  it("each package's package.json lists only the packages below it", () => {
    const listed = packages.flatMap((p) => {
      const manifest = JSON.parse(readFileSync(`${root}${p}/package.json`, 'utf8'));
      const deps = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
      return deps
        .filter((d) => d.startsWith('@zelo/'))
        .map((d) => d.slice('@zelo/'.length))
        .filter((d) => !allowed[p].includes(d))
        .map((d) => `${p} -> ${d}`);
    });
    expect(listed).toEqual([]);
  });
});
