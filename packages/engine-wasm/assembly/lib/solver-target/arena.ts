// The arena: every buffer of a solve comes from the runtime's bump allocator (`--runtime
// stub`), which `resetArena` rewinds before the next solve. `tryAlloc` grows the linear
// memory itself first, so a buffer the memory cannot hold gives 0 (a clean "limit" result)
// instead of the allocator's trap. The memory's maximum (set by the wrapper from
// maxMemoryMb) is the cap.

/** Set once an allocation failed: the solve must report a memory limit. */
export let outOfMemory = false;

/** Rewind the allocator: everything allocated before is gone. */
export function resetArena(): void {
  __reset();
  outOfMemory = false;
}

/** Make sure `bytes` more bytes fit after the allocator's current end; false if the memory cannot grow. */
export function reserve(bytes: usize): bool {
  const probe = heap.alloc(0);
  heap.free(probe);
  const end = <u64>probe + <u64>bytes + 64;
  const pagesNeeded = <i64>((end + 0xffff) >> 16);
  const have = <i64>memory.size();
  if (pagesNeeded <= have) return true;
  if (pagesNeeded > 65536) return false;
  return memory.grow(<i32>(pagesNeeded - have)) >= 0;
}

/** A zeroed buffer of `bytes` bytes, or 0 (and `outOfMemory`) when the memory cannot hold it. */
export function tryAlloc(bytes: usize): usize {
  if (outOfMemory) return 0;
  if (bytes == 0) bytes = 4;
  if (bytes > 0x3fff0000 || !reserve(bytes)) {
    outOfMemory = true;
    return 0;
  }
  const p = heap.alloc(bytes);
  memory.fill(p, 0, bytes);
  return p;
}

/** Forget a failed optional allocation (the line cache just stays smaller). */
export function clearOutOfMemory(): void {
  outOfMemory = false;
}

/**
 * Like `reserve`, for the SAT solver's buffers: grows memory by at least its size (doubling)
 * so that buffers grown again and again do not grow it a page at a time.
 */
function reserveDoubling(bytes: u64): bool {
  const probe = heap.alloc(0);
  heap.free(probe);
  const need: u64 = <u64>probe + bytes + 64;
  const pages = <u64>memory.size();
  const have: u64 = pages << 16;
  if (need <= have) return true;
  if (need > (<u64>1 << 32)) return false;
  const needed = <i32>((need - have + 0xffff) >> 16);
  if (memory.grow(max(needed, <i32>pages)) >= 0) return true;
  return memory.grow(needed) >= 0;
}

/** `bytes` bytes for the SAT solver (16-aligned, not zeroed), or 0 when memory ran out (no `outOfMemory`: the solver keeps its own flag). */
export function satAlloc(bytes: usize): usize {
  if (<u64>bytes >= (<u64>1 << 30) || !reserveDoubling(<u64>bytes + 32)) return 0;
  return heap.alloc(bytes);
}

/**
 * A copy of a satAlloc block grown to `newBytes` (the old block is left behind: the bump
 * allocator cannot reuse it; growth is geometric, so the waste stays below the live size),
 * or 0 when memory ran out.
 */
export function regrow(ptr: usize, oldBytes: usize, newBytes: usize): usize {
  const grown = satAlloc(newBytes);
  if (grown != 0) memory.copy(grown, ptr, min(oldBytes, newBytes));
  return grown;
}
