import classes from './swatch.module.css';

/** The small square in a version's colour (`original`, `mastered`) before its name in a legend or table. */
export function Swatch({ color }: { color: string }) {
  return <span className={classes.swatch} style={{ background: `var(--mantine-color-${color}-5)` }} aria-hidden />;
}
