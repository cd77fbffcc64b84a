// A process's resident memory through a whole benchmark: VmRSS of /proc/<pid>/status every 100 ms, and the
// kernel's own high-water mark (VmHWM) when asked, which also catches a peak between two samples. RSS counts the pages of files the process maps (SQLite's mmap of the
// database) as well as its own memory: the peak sample is split into the two (RssFile, RssAnon + RssShmem).
import fs from 'node:fs';

export function memoryMB(pid: number): { rss: number; hwm: number; file: number; anon: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024, file: kb('RssFile') / 1024, anon: (kb('RssAnon') + kb('RssShmem')) / 1024 };
  } catch {
    return null; // gone
  }
}

export class RssSampler {
  private readonly samples: { at: number; mb: number; file: number; anon: number }[] = [];
  private readonly timer: NodeJS.Timeout;
  private lastHwm = 0;

  constructor(
    private readonly pid: number,
    intervalMs = 100,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  private sample() {
    const m = memoryMB(this.pid);
    if (!m) return;
    this.samples.push({ at: performance.now(), mb: m.rss, file: m.file, anon: m.anon });
    this.lastHwm = m.hwm;
  }

  /** The highest sampled RSS since `from` (performance.now()), and the RSS now. */
  peakSince(from: number): number {
    this.sample();
    let peak = 0;
    for (let i = this.samples.length - 1; i >= 0 && this.samples[i].at >= from; i--) peak = Math.max(peak, this.samples[i].mb);
    return peak;
  }

  /** Stops sampling; the peak of every sample and of the kernel's high-water mark, and the peak sample's parts. */
  stop(): { peakMB: number; sampledPeakMB: number; hwmMB: number; endMB: number; fileMB: number; anonMB: number; samples: number } {
    this.sample();
    clearInterval(this.timer);
    const peak = this.samples.reduce((a, b) => (b.mb > a.mb ? b : a), { at: 0, mb: 0, file: 0, anon: 0 });
    return {
      peakMB: Math.max(peak.mb, this.lastHwm),
      sampledPeakMB: peak.mb,
      hwmMB: this.lastHwm,
      endMB: this.samples[this.samples.length - 1]?.mb ?? 0,
      fileMB: peak.file,
      anonMB: peak.anon,
      samples: this.samples.length,
    };
  }
}
