/** Whether Waymark can record items for `url`: only http(s) pages have a site and a path. */
export function isWebPage(url: string | null | undefined): url is string {
  return !!url && /^https?:\/\//i.test(url);
}
