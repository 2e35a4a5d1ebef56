import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Linux reports CPU time in clock ticks of 1/100 s (USER_HZ; 100 on every mainstream kernel).
const TICK_MS = 10;

/** A `kB` field of process `pid`'s /proc status (VmRSS, VmHWM…), in MiB. */
function statusMb(pid: number, field: string): number {
  const line = new RegExp(`${field}:\\s+(\\d+) kB`).exec(
    readFileSync(`/proc/${pid}/status`, 'utf8'),
  );
  return Number(line?.[1] ?? 0) / 1024;
}

/** The resident memory of process `pid` in MiB (Linux /proc). */
export function rssMb(pid: number): number {
  return statusMb(pid, 'VmRSS');
}

/**
 * The peak resident memory of process `pid` in MiB since it started or since
 * {@link resetPeakRss}: the kernel's own high-water mark, which no sampling interval can miss.
 */
export function peakRssMb(pid: number): number {
  return statusMb(pid, 'VmHWM');
}

/** Starts process `pid`'s peak resident memory again from its current RSS (Linux ≥ 4.0). */
export function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
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

/**
 * Process `pid` and the server workers it forked (WEB_CONCURRENCY > 1: node:cluster children
 * running the same main.js; the embedded PostgreSQL and its watchdog are left out).
 */
export function serverProcesses(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [pid];
  }
  const isWorker = (child: number) => {
    try {
      const args = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0');
      return args.some((arg) => /main\.(js|ts)$/.test(arg));
    } catch {
      return false;
    }
  };
  return [pid, ...children.filter(isWorker)];
}

/** {@link cpuMs} summed over `pids`, skipping any that has exited since they were listed. */
export function totalCpuMs(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += cpuMs(pid);
    } catch {
      // Exited: its time is gone with it.
    }
  }
  return total;
}

/** {@link rssMb} summed over `pids`. */
export function totalRssMb(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += rssMb(pid);
    } catch {
      // Exited.
    }
  }
  return total;
}

/** The machine's load averages over 1, 5 and 15 minutes: the context a shared machine's figures need. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ');
}

/**
 * The embedded PostgreSQL's processes under `dataDir` (its postmaster, from `postmaster.pid`, and
 * every backend and helper it forked): sum their {@link cpuMs} before and after a load for the
 * database's CPU. Backends that exit meanwhile take their time with them; the server's pooled
 * connections live through a round.
 */
export function postgresProcesses(dataDir: string): number[] {
  const postmaster = Number(
    readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  try {
    const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  } catch {
    return [postmaster];
  }
}
