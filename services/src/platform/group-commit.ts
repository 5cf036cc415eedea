/**
 * Group commit: callers submit items one by one; while `inFlight` groups are being written, newly
 * submitted items wait and go together in the next group. Nothing waits for a timer: one caller alone
 * is written at once, and groups grow only as fast as callers arrive while the database is busy. Each
 * caller gets its own outcome, which `write` decides per item.
 */
export class GroupCommit<I, R> {
  private readonly waiting: { item: I; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;

  constructor(
    /** Writes one group; answers each item's outcome in the group's order. */
    private readonly write: (items: I[]) => Promise<PromiseSettledResult<R>[]>,
    private readonly options: {
      inFlight: number;
      maxGroup: number;
      /** Items that must not share a group (both decided from the same state): later ones wait. */
      clashes?: (item: I, group: I[]) => boolean;
    },
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.inFlight && this.waiting.length > 0) {
      const group = this.take();
      this.inFlight++;
      void this.run(group).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** The next group: waiting items in arrival order, skipping (for later) those that clash. */
  private take() {
    const group: typeof this.waiting = [];
    const items: I[] = [];
    for (let i = 0; i < this.waiting.length && group.length < this.options.maxGroup; ) {
      const w = this.waiting[i];
      if (this.options.clashes?.(w.item, items)) {
        i++;
        continue;
      }
      group.push(w);
      items.push(w.item);
      this.waiting.splice(i, 1);
    }
    return group;
  }

  private async run(group: typeof this.waiting): Promise<void> {
    try {
      const outcomes = await this.write(group.map((w) => w.item));
      group.forEach((w, i) => {
        const o = outcomes[i];
        if (o.status === 'fulfilled') w.resolve(o.value);
        else w.reject(o.reason);
      });
    } catch (err) {
      for (const w of group) w.reject(err);
    }
  }
}
