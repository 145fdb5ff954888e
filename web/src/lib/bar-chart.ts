/** A round top for a chart's scale: 1, 2, 5 or 10 times a power of ten, at least `value` (and ≥ 1). */
export function niceCeiling(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export type Bar = { x: number; y: number; width: number; height: number };

/**
 * Bars for `values` in a `width` × `height` box (SVG coordinates, y down), scaled to niceCeiling of
 * the largest value. A non-zero value always gets at least 1 unit of height so it stays visible.
 */
export function layoutBars(
  values: readonly number[],
  width: number,
  height: number,
  gap = 2,
): { bars: Bar[]; max: number } {
  const max = niceCeiling(Math.max(0, ...values));
  if (values.length === 0) return { bars: [], max };
  const slot = width / values.length;
  const barWidth = Math.max(1, slot - gap);
  const bars = values.map((v, i) => {
    const h = v > 0 ? Math.max(1, (v / max) * height) : 0;
    return { x: i * slot + (slot - barWidth) / 2, y: height - h, width: barWidth, height: h };
  });
  return { bars, max };
}
