/** A chart's plotting area: where values land (pure, for the SVG and its tests). */
export interface PlotArea {
  width: number;
  height: number;
  pad: { l: number; r: number; t: number; b: number };
}

/**
 * The SVG path of one series over evenly spaced points: `null` values break the line (a gap
 * where nothing was probed), a lone point is drawn as a dot-length segment so it stays visible.
 */
export function linePath(values: readonly (number | null)[], max: number, area: PlotArea): string {
  const n = values.length;
  const x = (i: number) => area.pad.l + (n <= 1 ? 0 : (i / (n - 1)) * (area.width - area.pad.l - area.pad.r));
  const y = (v: number) => area.height - area.pad.b - (Math.min(v, max) / Math.max(max, 1)) * (area.height - area.pad.t - area.pad.b);
  const parts: string[] = [];
  let open = false;
  values.forEach((v, i) => {
    if (v === null) {
      open = false;
      return;
    }
    const next = values[i + 1];
    const lone = !open && (next === null || next === undefined);
    parts.push(`${open ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}${lone ? ` h0.1` : ''}`);
    open = true;
  });
  return parts.join(' ');
}

/** A round upper bound for the y axis (1, 2 or 5 × a power of ten), at least `value`. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 10;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const m of [1, 2, 5, 10]) if (m * power >= value) return m * power;
  return 10 * power;
}
