import { readFileSync } from 'node:fs';

// Linux reports CPU time in clock ticks of 1/100 s (USER_HZ; 100 on every mainstream kernel).
const TICK_MS = 10;

/** The resident memory of process `pid` in MiB (Linux /proc). */
export function rssMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) / 1024;
}

/**
 * CPU time (user + system) process `pid` has used so far, in milliseconds. Divided by the
 * requests served it gives the server's cost per request, which other work on a shared machine
 * inflates far less than it lowers requests per second.
 */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15 of stat.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
