/** Turns texts into unit-length vectors. Every implementation states a stable id and dimensions. */
export interface Embedder {
  /** Stable id including model and dimensions, e.g. `glove-100d-int8@1`; stored in the profile meta. */
  readonly id: string;
  readonly dimensions: number;
  embed(texts: string[]): Promise<Float32Array[]>;
  /**
   * Computes in this process from files already loaded: no network, no download, nothing that
   * fails now and works on a retry. Extraction then writes the vectors in its own transaction
   * instead of queueing a separate job for them.
   */
  readonly inProcess?: boolean;
}
