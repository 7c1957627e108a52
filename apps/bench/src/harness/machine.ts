import os from 'node:os';

/** What the figures were measured on, for the JSON (no host name). */
export interface MachineInfo {
  node: string;
  platform: string;
  arch: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  /** 1, 5 and 15-minute load averages when asked: other work on the machine skews timings. */
  loadAverage: number[];
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: loadAverage(),
  };
}

/** The load averages, rounded to 2 decimals. */
export function loadAverage(): number[] {
  return os.loadavg().map((x) => Math.round(x * 100) / 100);
}
