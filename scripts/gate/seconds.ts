/** A time as the gate's table gives it: tenths of a second under a minute, whole seconds from one (359.7 s is 6 min 0 s). */
export function seconds(value: number): string {
  if (Math.round(value * 10) < 600) return `${value.toFixed(1)} s`;
  const whole = Math.round(value);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
