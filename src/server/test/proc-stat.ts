import { readFileSync } from 'node:fs';

/** USER_HZ: /proc counts CPU time in hundredths of a second on Linux. */
const TICK_SECONDS = 0.01;

/**
 * A process's or thread's command name, parent, nice value and CPU time (user + system, seconds) from its
 * /proc stat file (Linux), or null when it is gone or unreadable.
 */
export function procStat(file: string): { comm: string; ppid: number; nice: number; cpu: number } | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  // The command name is in parentheses and may hold spaces: the fields are counted after its end.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return {
    comm: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
    ppid: Number(fields[1]),
    cpu: (Number(fields[11]) + Number(fields[12])) * TICK_SECONDS,
    nice: Number(fields[16]),
  };
}
