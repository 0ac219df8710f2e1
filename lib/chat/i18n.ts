// The fixed phrases of answers in four languages, and detection of the wanted language and
// brevity from the project's chat instructions.
import type { Aggregate } from "./plan";

export type Lang = "en" | "fr" | "es" | "de";

export interface Style {
  lang: Lang;
  brief: boolean;
}

const LANG_PATTERNS: [Lang, RegExp][] = [
  ["fr", /\b(french|fran[cç]ais|francais|en fran[cç]ais)\b/i],
  ["es", /\b(spanish|espa[nñ]ol|castellano|en espa[nñ]ol)\b/i],
  ["de", /\b(german|deutsch|auf deutsch)\b/i],
  ["en", /\b(english|anglais|ingl[eé]s|englisch)\b/i],
];

/** Reads "answer in French", "réponds en français", "respond in Spanish", "auf Deutsch antworten". */
export function detectStyle(instructions: string | null | undefined): Style {
  const text = instructions ?? "";
  let lang: Lang = "en";
  let bestPos = Infinity;
  for (const [l, re] of LANG_PATTERNS) {
    const m = re.exec(text);
    if (m && m.index < bestPos) {
      bestPos = m.index;
      lang = l;
    }
  }
  const brief = /\b(brief|briefly|concise|concisely|short|succinct|terse|one sentence|bref|brève|brièvement|concis|court|breve|conciso|corto|kurz|knapp|prägnant)\b/i.test(text);
  return { lang, brief };
}

type Catalogue = Record<string, string>;

const EN: Catalogue = {
  count: "number of rows",
  sum: "total",
  mean: "average",
  median: "median",
  min: "minimum",
  max: "maximum",
  distinct: "number of distinct values",
  share: "share",
  rate: "rate",
  ratePhrase: "% of rows with {field} = {value}",
  rateCondition: "% of rows where {condition}",
  of: "of",
  by: "by",
  and: "and",
  or: "or",
  rows: "rows",
  computed: "I computed the {what}",
  grouped: "grouped by {groups}",
  filtered: "for rows where {filters}",
  allRows: "over all {n} rows",
  filteredRows: "({n} of {total} rows match)",
  highest: "Highest: {label} ({value}).",
  lowest: "Lowest: {label} ({value}).",
  shown: "The {n} shown: {list}.",
  sampled: "{shown} of {n} points drawn",
  listed: "I listed {n} rows,",
  sortedDesc: "sorted by {field}, largest first",
  sortedAsc: "sorted by {field}, smallest first",
  sortedKeyAsc: "sorted by {field}, A to Z",
  sortedKeyDesc: "sorted by {field}, Z to A",
  hiddenRows: "{n} more rows match and are not listed.",
  overallIs: "The {what} is {value}.",
  overallAcross: "Over all groups: {value}.",
  groupsCount: "{n} groups.",
  hidden: "{n} more groups are not shown.",
  distribution: "I counted the rows in bins of {width} of {field}",
  distStats: "{n} values from {min} to {max}; mean {mean}, median {median}.",
  peak: "The most common range is {lo} to {hi} ({count} rows).",
  relationship: "I plotted {y} against {x}",
  relColor: "coloured by {group}",
  relFacet: "with one panel per {group}",
  correlation: "Pearson correlation: {r} ({strength}, {n} points).",
  corrGroup: "{group}: {r}",
  strong: "strong",
  moderate: "moderate",
  weak: "weak",
  none: "almost none",
  positive: "positive",
  negative: "negative",
  noRows: "No rows match these filters, so there is nothing to compute.",
  noData: "There are no values to compute this from.",
  chartAndTable: "Chart and table of the result.",
  tableOnly: "Table of the result.",
  trendUp: "From {first} ({a}) to {last} ({b}): up {pct}.",
  trendDown: "From {first} ({a}) to {last} ({b}): down {pct}.",
  helpIntro: "I can answer questions about this data set{name}. Its fields are: {fields}.",
  helpExamples: "For example:",
  unknownField: "I could not find {words} among the fields of this data set, so I cannot answer that without guessing.",
  notUnderstood: "I could not match that question to the fields of this data set.",
  greeting: "Hello!",
  planError: "I could not compute that: {error}",
  eq: "is",
  neq: "is not",
  in: "is one of",
  gt: "is above",
  gte: "is at least",
  lt: "is below",
  lte: "is at most",
  between: "is between",
  during: "is in",
  value: "value",
  count_col: "count",
  bin: "range",
  points: "points",
  correlation_col: "correlation",
  group: "group",
  perBucket: "per {bucket}",
  year: "year",
  quarter: "quarter",
  month: "month",
  week: "week",
  day: "day",
  other: "Other",
  context: "The chart shows the same measure by {fields} over the rows without that filter, for context.",
  clarify: "\"{text}\" could mean more than one field: {choices}. Which one do you mean?",
  clarifyValue: "\"{text}\" is a value of more than one field: {choices}. Which one do you mean?",
  clarifyNumber: "I am not sure which field \"{text}\" is about: {choices}. Which one do you mean?",
  unknownClosest: "I could not find {words} among the fields of this data set, so I cannot answer that without guessing. The closest fields are: {closest}.",
  allFields: "All fields: {fields}.",
  assumptions: "Assumptions: {list}.",
  assumeAgg: "you did not say how to combine {field}, so I used the {agg}",
  assumeGuess: "\"{text}\" names no field, so I applied it to {field}",
  assumeTime: "{field} is the time axis",
  assumeIgnored: "I did not use {text}",
  assumeAlternative: "I am not sure I read the question right; it could also mean: {text}",
  assumeReadAs: "I read \"{text}\" as {field}",
  leadMax: "{label} has the highest {what} ({value}).",
  leadMin: "{label} has the lowest {what} ({value}).",
  leadRowMax: "{label} has the highest {field} ({value}).",
  leadRowMin: "{label} has the lowest {field} ({value}).",
  captionChart: "Chart and table: {title}.",
  captionTable: "Table: {title}.",
  captionChartOnly: "Chart: {title}.",
  whereFilters: "for rows where {filters}",
  measuresBy: "{measures} by {groups}",
  aggScatter: "I plotted {y} against {x}, one point per {group}",
  listedBars: "one bar per row, {y} by {x}",
  rowsTitle: "Rows",
  tooLong: "That message is too long to read as one question ({n} words; at most {max}). Please ask a shorter question.",
};

const FR: Catalogue = {
  count: "nombre de lignes", sum: "total", mean: "moyenne", median: "médiane", min: "minimum", max: "maximum",
  distinct: "nombre de valeurs distinctes", share: "part", rate: "taux", ratePhrase: "% de lignes avec {field} = {value}", rateCondition: "% de lignes où {condition}", of: "de", by: "par", and: "et", or: "ou", rows: "lignes",
  computed: "J'ai calculé : {what}", grouped: "regroupé par {groups}", filtered: "pour les lignes où {filters}",
  allRows: "sur l'ensemble des {n} lignes", filteredRows: "({n} lignes sur {total} correspondent)",
  highest: "Valeur la plus élevée : {label} ({value}).", lowest: "Valeur la plus basse : {label} ({value}).", shown: "Les {n} affichés : {list}.", sampled: "{shown} points tracés sur {n}", listed: "J'ai listé {n} lignes,", sortedDesc: "triées par {field}, de la plus grande à la plus petite", sortedAsc: "triées par {field}, de la plus petite à la plus grande", hiddenRows: "{n} autres lignes correspondent mais ne sont pas listées.",
  overallIs: "Résultat ({what}) : {value}.", overallAcross: "Sur l'ensemble : {value}.", groupsCount: "{n} groupes.",
  hidden: "{n} autres groupes ne sont pas affichés.",
  distribution: "J'ai compté les lignes par intervalles de {width} de {field}",
  distStats: "{n} valeurs de {min} à {max} ; moyenne {mean}, médiane {median}.",
  peak: "L'intervalle le plus fréquent va de {lo} à {hi} ({count} lignes).",
  relationship: "J'ai représenté {y} en fonction de {x}", relColor: "coloré par {group}", relFacet: "avec un panneau par {group}",
  correlation: "Corrélation de Pearson : {r} ({strength}, {n} points).", corrGroup: "{group} : {r}",
  strong: "forte", moderate: "modérée", weak: "faible", none: "quasi nulle", positive: "positive", negative: "négative",
  noRows: "Aucune ligne ne correspond à ces filtres ; il n'y a rien à calculer.",
  noData: "Il n'y a aucune valeur à partir de laquelle calculer cela.",
  chartAndTable: "Graphique et tableau du résultat.", tableOnly: "Tableau du résultat.",
  trendUp: "De {first} ({a}) à {last} ({b}) : hausse de {pct}.", trendDown: "De {first} ({a}) à {last} ({b}) : baisse de {pct}.",
  helpIntro: "Je peux répondre à des questions sur ce jeu de données{name}. Ses champs sont : {fields}.",
  helpExamples: "Par exemple :",
  unknownField: "Je n'ai pas trouvé {words} parmi les champs de ce jeu de données ; je ne peux pas répondre sans deviner.",
  notUnderstood: "Je n'ai pas pu relier cette question aux champs de ce jeu de données.", greeting: "Bonjour !",
  planError: "Je n'ai pas pu calculer cela : {error}",
  eq: "vaut", neq: "ne vaut pas", in: "fait partie de", gt: "est supérieur à", gte: "est au moins", lt: "est inférieur à",
  lte: "est au plus", between: "est entre", during: "est en", value: "valeur", count_col: "nombre", bin: "intervalle", points: "points",
  correlation_col: "corrélation", group: "groupe", perBucket: "par {bucket}", year: "année", quarter: "trimestre",
  month: "mois", week: "semaine", day: "jour", other: "Autres",
  context: "Le graphique montre la même mesure par {fields}, sans ce filtre, pour situer le résultat.",
  clarify: "« {text} » peut désigner plusieurs champs : {choices}. Lequel voulez-vous dire ?",
  clarifyValue: "« {text} » est une valeur de plusieurs champs : {choices}. Lequel voulez-vous dire ?",
  clarifyNumber: "Je ne sais pas à quel champ se rapporte « {text} » : {choices}. Lequel voulez-vous dire ?",
  unknownClosest: "Je n'ai pas trouvé {words} parmi les champs de ce jeu de données ; je ne peux pas répondre sans deviner. Les champs les plus proches sont : {closest}.",
  assumptions: "Hypothèses : {list}.",
  allFields: "Tous les champs : {fields}.",
  assumeAgg: "vous n'avez pas précisé comment combiner {field}, j'ai utilisé : {agg}",
  assumeGuess: "« {text} » ne nomme aucun champ, je l'ai appliqué à {field}",
  assumeTime: "{field} sert d'axe du temps",
  assumeIgnored: "je n'ai pas utilisé {text}",
  assumeAlternative: "je ne suis pas sûr d'avoir bien compris ; la question pourrait aussi signifier : {text}",
  assumeReadAs: "j'ai compris « {text} » comme {field}",
  leadMax: "{label} a la valeur la plus élevée ({what} : {value}).",
  leadMin: "{label} a la valeur la plus basse ({what} : {value}).",
  captionChart: "Graphique et tableau : {title}.",
  captionTable: "Tableau : {title}.",
  captionChartOnly: "Graphique : {title}.",
  whereFilters: "pour les lignes où {filters}",
};

const ES: Catalogue = {
  count: "número de filas", sum: "total", mean: "promedio", median: "mediana", min: "mínimo", max: "máximo",
  distinct: "número de valores distintos", share: "porcentaje", rate: "tasa", ratePhrase: "% de filas con {field} = {value}", rateCondition: "% de filas donde {condition}", of: "de", by: "por", and: "y", or: "o", rows: "filas",
  computed: "Calculé: {what}", grouped: "agrupado por {groups}", filtered: "para las filas donde {filters}",
  allRows: "sobre las {n} filas", filteredRows: "({n} de {total} filas cumplen)",
  highest: "Mayor: {label} ({value}).", lowest: "Menor: {label} ({value}).", shown: "Los {n} mostrados: {list}.", sampled: "{shown} de {n} puntos dibujados", listed: "Listé {n} filas,", sortedDesc: "ordenadas por {field}, de mayor a menor", sortedAsc: "ordenadas por {field}, de menor a mayor", hiddenRows: "Otras {n} filas cumplen y no se listan.",
  overallIs: "Resultado ({what}): {value}.", overallAcross: "En total: {value}.", groupsCount: "{n} grupos.",
  hidden: "No se muestran otros {n} grupos.",
  distribution: "Conté las filas en intervalos de {width} de {field}",
  distStats: "{n} valores de {min} a {max}; media {mean}, mediana {median}.",
  peak: "El intervalo más frecuente va de {lo} a {hi} ({count} filas).",
  relationship: "Representé {y} frente a {x}", relColor: "coloreado por {group}", relFacet: "con un panel por {group}",
  correlation: "Correlación de Pearson: {r} ({strength}, {n} puntos).", corrGroup: "{group}: {r}",
  strong: "fuerte", moderate: "moderada", weak: "débil", none: "casi nula", positive: "positiva", negative: "negativa",
  noRows: "Ninguna fila cumple estos filtros, así que no hay nada que calcular.",
  noData: "No hay valores con los que calcular esto.",
  chartAndTable: "Gráfico y tabla del resultado.", tableOnly: "Tabla del resultado.",
  trendUp: "De {first} ({a}) a {last} ({b}): sube {pct}.", trendDown: "De {first} ({a}) a {last} ({b}): baja {pct}.",
  helpIntro: "Puedo responder preguntas sobre este conjunto de datos{name}. Sus campos son: {fields}.",
  helpExamples: "Por ejemplo:",
  unknownField: "No encontré {words} entre los campos de este conjunto de datos, así que no puedo responder sin adivinar.",
  notUnderstood: "No pude relacionar esa pregunta con los campos de este conjunto de datos.", greeting: "¡Hola!",
  planError: "No pude calcularlo: {error}",
  eq: "es", neq: "no es", in: "es uno de", gt: "es mayor que", gte: "es al menos", lt: "es menor que", lte: "es como máximo",
  between: "está entre", during: "es en", value: "valor", count_col: "cantidad", bin: "intervalo", points: "puntos", correlation_col: "correlación",
  group: "grupo", perBucket: "por {bucket}", year: "año", quarter: "trimestre", month: "mes", week: "semana", day: "día", other: "Otros",
  context: "El gráfico muestra la misma medida por {fields}, sin ese filtro, como contexto.",
  clarify: "\"{text}\" puede referirse a varios campos: {choices}. ¿Cuál quiere decir?",
  clarifyValue: "\"{text}\" es un valor de varios campos: {choices}. ¿Cuál quiere decir?",
  clarifyNumber: "No sé a qué campo se refiere \"{text}\": {choices}. ¿Cuál quiere decir?",
  unknownClosest: "No encontré {words} entre los campos de este conjunto de datos, así que no puedo responder sin adivinar. Los campos más cercanos son: {closest}.",
  assumptions: "Supuestos: {list}.",
  allFields: "Todos los campos: {fields}.",
  assumeAgg: "no indicó cómo combinar {field}, así que usé: {agg}",
  assumeGuess: "\"{text}\" no nombra ningún campo, así que lo apliqué a {field}",
  assumeTime: "{field} es el eje del tiempo",
  assumeIgnored: "no usé {text}",
  assumeAlternative: "no estoy seguro de haber entendido bien; también podría significar: {text}",
  assumeReadAs: "entendí \"{text}\" como {field}",
  leadMax: "{label} tiene el valor más alto ({what}: {value}).",
  leadMin: "{label} tiene el valor más bajo ({what}: {value}).",
  captionChart: "Gráfico y tabla: {title}.",
  captionTable: "Tabla: {title}.",
  captionChartOnly: "Gráfico: {title}.",
  whereFilters: "para las filas donde {filters}",
};

const DE: Catalogue = {
  count: "Anzahl der Zeilen", sum: "Summe", mean: "Durchschnitt", median: "Median", min: "Minimum", max: "Maximum",
  distinct: "Anzahl verschiedener Werte", share: "Anteil", rate: "Quote", ratePhrase: "% der Zeilen mit {field} = {value}", rateCondition: "% der Zeilen, in denen {condition}", of: "von", by: "nach", and: "und", or: "oder", rows: "Zeilen",
  computed: "Ich habe berechnet: {what}", grouped: "gruppiert nach {groups}", filtered: "für Zeilen, in denen {filters}",
  allRows: "über alle {n} Zeilen", filteredRows: "({n} von {total} Zeilen passen)",
  highest: "Höchster Wert: {label} ({value}).", lowest: "Niedrigster Wert: {label} ({value}).", shown: "Die {n} gezeigten: {list}.", sampled: "{shown} von {n} Punkten gezeichnet", listed: "Ich habe {n} Zeilen aufgelistet,", sortedDesc: "sortiert nach {field}, absteigend", sortedAsc: "sortiert nach {field}, aufsteigend", hiddenRows: "{n} weitere passende Zeilen sind nicht aufgelistet.",
  overallIs: "Ergebnis ({what}): {value}.", overallAcross: "Insgesamt: {value}.", groupsCount: "{n} Gruppen.",
  hidden: "{n} weitere Gruppen werden nicht angezeigt.",
  distribution: "Ich habe die Zeilen in Intervallen von {width} für {field} gezählt",
  distStats: "{n} Werte von {min} bis {max}; Mittelwert {mean}, Median {median}.",
  peak: "Der häufigste Bereich ist {lo} bis {hi} ({count} Zeilen).",
  relationship: "Ich habe {y} gegen {x} dargestellt", relColor: "eingefärbt nach {group}", relFacet: "mit einem Feld je {group}",
  correlation: "Pearson-Korrelation: {r} ({strength}, {n} Punkte).", corrGroup: "{group}: {r}",
  strong: "stark", moderate: "mittel", weak: "schwach", none: "fast keine", positive: "positiv", negative: "negativ",
  noRows: "Keine Zeile passt zu diesen Filtern, daher gibt es nichts zu berechnen.",
  noData: "Es gibt keine Werte, aus denen sich das berechnen ließe.",
  chartAndTable: "Diagramm und Tabelle des Ergebnisses.", tableOnly: "Tabelle des Ergebnisses.",
  trendUp: "Von {first} ({a}) bis {last} ({b}): plus {pct}.", trendDown: "Von {first} ({a}) bis {last} ({b}): minus {pct}.",
  helpIntro: "Ich kann Fragen zu diesem Datensatz{name} beantworten. Seine Felder sind: {fields}.",
  helpExamples: "Zum Beispiel:",
  unknownField: "Ich habe {words} nicht unter den Feldern dieses Datensatzes gefunden und kann das nicht ohne Raten beantworten.",
  notUnderstood: "Ich konnte die Frage keinem Feld dieses Datensatzes zuordnen.", greeting: "Hallo!",
  planError: "Das konnte ich nicht berechnen: {error}",
  eq: "ist", neq: "ist nicht", in: "ist einer von", gt: "ist größer als", gte: "ist mindestens", lt: "ist kleiner als",
  lte: "ist höchstens", between: "liegt zwischen", during: "liegt in", value: "Wert", count_col: "Anzahl", bin: "Bereich", points: "Punkte",
  correlation_col: "Korrelation", group: "Gruppe", perBucket: "je {bucket}", year: "Jahr", quarter: "Quartal", month: "Monat",
  week: "Woche", day: "Tag", other: "Andere",
  context: "Das Diagramm zeigt dieselbe Kennzahl nach {fields} ohne diesen Filter, zur Einordnung.",
  clarify: "\"{text}\" kann mehrere Felder bedeuten: {choices}. Welches meinen Sie?",
  clarifyValue: "\"{text}\" ist ein Wert mehrerer Felder: {choices}. Welches meinen Sie?",
  clarifyNumber: "Ich weiß nicht, auf welches Feld sich \"{text}\" bezieht: {choices}. Welches meinen Sie?",
  unknownClosest: "Ich habe {words} nicht unter den Feldern dieses Datensatzes gefunden und kann das nicht ohne Raten beantworten. Die ähnlichsten Felder sind: {closest}.",
  assumptions: "Annahmen: {list}.",
  allFields: "Alle Felder: {fields}.",
  assumeAgg: "Sie haben nicht gesagt, wie {field} zusammengefasst werden soll; ich habe verwendet: {agg}",
  assumeGuess: "\"{text}\" nennt kein Feld; ich habe es auf {field} angewandt",
  assumeTime: "{field} ist die Zeitachse",
  assumeIgnored: "{text} habe ich nicht verwendet",
  assumeAlternative: "ich bin nicht sicher, ob ich die Frage richtig verstanden habe; sie könnte auch bedeuten: {text}",
  assumeReadAs: "\"{text}\" habe ich als {field} gelesen",
  leadMax: "{label} hat den höchsten Wert ({what}: {value}).",
  leadMin: "{label} hat den niedrigsten Wert ({what}: {value}).",
  captionChart: "Diagramm und Tabelle: {title}.",
  captionTable: "Tabelle: {title}.",
  captionChartOnly: "Diagramm: {title}.",
  whereFilters: "für Zeilen, in denen {filters}",
};

const CATALOGUES: Record<Lang, Catalogue> = { en: EN, fr: FR, es: ES, de: DE };

/** A phrase of the catalogue with {placeholders} filled in. */
export function t(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const template = CATALOGUES[lang][key] ?? EN[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, k: string) => (vars[k] !== undefined ? String(vars[k]) : `{${k}}`));
}

export function aggName(lang: Lang, agg: Aggregate): string {
  return t(lang, agg);
}

const LOCALES: Record<Lang, string> = { en: "en-US", fr: "fr-FR", es: "es-ES", de: "de-DE" };

export function localeOf(lang: Lang): string {
  return LOCALES[lang];
}
