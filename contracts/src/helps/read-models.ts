/** A help video as GET /helps, GET /helps/list and every write answer it. Times are ISO strings. */
export interface HelpView {
  id: string;
  title: string;
  /** The YouTube video id. */
  video: string;
  description: string;
  createdAt: string;
  updatedAt: string;
}
