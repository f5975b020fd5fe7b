/** One line of a trend chart: the rows' field it draws, its name in the legend and table, its colour. */
export interface TrendLine<Key extends string> {
  key: Key;
  name: string;
  color: string;
}
