// Rows are plain objects keyed by field names, and field names are data: `constructor`,
// `__proto__` and `toString` are as valid as `age`. Reading `row.constructor` from a row without
// that field returns Object.prototype's function, and writing `row.__proto__ = "x"` changes (or
// silently drops) nothing: so rows are read through own properties only, and rows we build have
// no prototype at all.

/** A field reader: plain property access for ordinary names, an own-property check for names Object.prototype also has. */
export function fieldReader<T>(name: string): (row: Record<string, T>) => T | undefined {
  // Most names are not on Object.prototype: their reader costs nothing extra on hot paths.
  if (!(name in Object.prototype)) return (row) => row[name];
  return (row) => (Object.prototype.hasOwnProperty.call(row, name) ? row[name] : undefined);
}

/** The value of `name` in `row` if the row has that field itself. */
export function ownField<T>(row: Record<string, T>, name: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(row, name) ? row[name] : undefined;
}

/** An empty record without a prototype: any key, `__proto__` included, becomes an own property. */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
