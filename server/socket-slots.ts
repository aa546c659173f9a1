/**
 * Concurrent Socket.IO connections per client address. Kept behind this interface so that the count can move to
 * a store several instances share; this one is in memory, per process.
 */
export interface SocketSlots {
  /**
   * Takes one of `address`'s slots, or gives undefined when it already holds all of them. The function returned
   * gives the slot back; calling it again does nothing.
   */
  take(address: string): Promise<(() => void) | undefined>;
}

export function memorySocketSlots(perAddress: number): SocketSlots & { held(address: string): number } {
  const counts = new Map<string, number>();
  return {
    async take(address) {
      const held = counts.get(address) ?? 0;
      if (held >= perAddress) return undefined;
      counts.set(address, held + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (counts.get(address) ?? 1) - 1;
        // Addresses without a connection are forgotten, so the map stays as small as what is open.
        if (left > 0) counts.set(address, left);
        else counts.delete(address);
      };
    },
    held: (address) => counts.get(address) ?? 0,
  };
}
