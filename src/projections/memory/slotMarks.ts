// Marks on document slots for one walk at a time: a union or intersection of several index postings visits each
// document once without a set of the visited ones (one typed-array write per step, no allocation).

export class SlotMarks {
  private marks = new Uint32Array(0);
  /** Marks at or below `base` belong to earlier walks and read as level 0. */
  private base = 0;
  private levels = 0;

  /** Starts a walk over slots below `slots` that raises slots to at most `levels`: every slot is at level 0 again. */
  begin(slots: number, levels = 1): void {
    if (this.marks.length < slots) this.marks = new Uint32Array(Math.max(slots, this.marks.length * 2));
    this.base += this.levels;
    if (this.base + levels > 0xffffffff) {
      this.marks.fill(0);
      this.base = 0;
    }
    this.levels = levels;
  }

  level(slot: number): number {
    const mark = this.marks[slot] as number;
    return mark > this.base ? mark - this.base : 0;
  }

  raise(slot: number, level: number): void {
    this.marks[slot] = this.base + level;
  }

  /** Raises an unmarked slot to level 1; false when the current walk had marked it already. */
  mark(slot: number): boolean {
    if (this.level(slot) !== 0) return false;
    this.raise(slot, 1);
    return true;
  }
}
