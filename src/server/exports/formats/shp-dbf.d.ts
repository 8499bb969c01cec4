declare module 'dbf' {
  export interface DbfField {
    readonly name: string;
    /** C text, N number, L logical. */
    readonly type: 'C' | 'N' | 'L';
    readonly size: number;
  }
  /** A dBase III table of the rows, with the given fields (names are cut at 10 characters). */
  export function structure(rows: readonly Record<string, unknown>[], fields: readonly DbfField[]): DataView;
}
