import type { Generator, Measurement } from './measure';

/** One round of one generator: the baseline and each target, measured in turn. */
export type GeneratorRound = { baseline: Measurement; subjects: Measurement[] };

/**
 * The Markdown table putting the generators side by side: for each call, its ratio to the
 * baseline under each generator (every round, in order) and what each response cost the
 * generator itself. A ratio that differs between generators measures the generator, not the server.
 */
export function sideBySide(rounds: GeneratorRound[]): string[] {
  const generators = [...new Set(rounds.map((round) => round.baseline.generator))];
  const labels = [
    ...new Set(rounds.flatMap((round) => round.subjects.map((subject) => subject.label))),
  ];
  const of = (generator: Generator) => rounds.filter((r) => r.baseline.generator === generator);
  const joined = (values: number[], digits: number) =>
    values.length ? values.map((value) => value.toFixed(digits)).join(' / ') : '—';
  const cells = (pick: (round: GeneratorRound) => Measurement | undefined) =>
    generators.flatMap((generator) => {
      const pairs = of(generator).flatMap((round) => {
        const measured = pick(round);
        return measured ? [{ measured, baseline: round.baseline }] : [];
      });
      return [
        joined(
          pairs.map(
            ({ measured, baseline }) => measured.requestsPerSecond / baseline.requestsPerSecond,
          ),
          2,
        ),
        joined(
          pairs.map(({ measured }) => measured.generatorCpuUsPerRequest),
          0,
        ),
      ];
    });
  const baselineLabel = rounds[0]?.baseline.label ?? 'baseline';
  return [
    `| what | ${generators.map((g) => `${g}: ratio to baseline | ${g}: its CPU µs/resp`).join(' | ')} |`,
    `|---|${generators.map(() => '---:|---:').join('|')}|`,
    `| ${baselineLabel} | ${cells((round) => round.baseline).join(' | ')} |`,
    ...labels.map(
      (label) =>
        `| ${label} | ${cells((round) => round.subjects.find((s) => s.label === label)).join(' | ')} |`,
    ),
  ];
}
