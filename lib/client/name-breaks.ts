// Where a long field or model name may wrap: "DeviceProtection" wrapped letter by letter ended
// "DeviceProtectio / n" in a narrow column; between its words it reads "Device / Protection".

/**
 * The pieces of a name between which a line may break: after "_", "-", ".", "/" or ":", and before a
 * capital that follows a small letter or digit ("camelCase"), or a capital that starts a word after
 * an acronym ("HTTPStatus" -> "HTTP", "Status"). Joined, the pieces are the name unchanged.
 */
export function nameBreakPieces(name: string): string[] {
  const pieces = name.split(/(?<=[_\-./:])(?=[^_\-./:])|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/);
  return pieces.filter((p) => p.length > 0);
}
