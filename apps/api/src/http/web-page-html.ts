import fs from 'node:fs';
import path from 'node:path';

type RoutePreloads = Record<string, { js: string[]; css: string[] } | undefined>;

/**
 * index.html per page, with that page's screen chunks and stylesheets (dist/route-preloads.json, written by the web
 * build) linked in its head: the browser fetches them beside the entry script instead of after it has run. Read
 * again when the build changes, so a rebuild is picked up without a restart.
 */
export function pageHtmlCache(webDistDir: string, indexFile: string) {
  const preloadsFile = path.join(webDistDir, 'route-preloads.json');
  let builtAt = -1;
  let index = '';
  let preloads: RoutePreloads = {};
  const pages = new Map<string, string>();
  const safeHref = (href: string) => /^\/assets\/[\w.-]+\.(js|css)$/.test(href);
  /** The HTML of a page of the route table (webPageOf), or of no page ('' : the shell without preloads). */
  return (page: string): string => {
    const mtime = fs.statSync(indexFile).mtimeMs;
    if (mtime !== builtAt) {
      builtAt = mtime;
      pages.clear();
      index = fs.readFileSync(indexFile, 'utf8');
      try {
        preloads = JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as RoutePreloads;
      } catch {
        preloads = {};
      }
    }
    let html = pages.get(page);
    if (html === undefined) {
      const wanted = preloads[page];
      const links = [
        ...(wanted?.js ?? []).filter(safeHref).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
        ...(wanted?.css ?? []).filter(safeHref).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ].filter((link) => !index.includes(link.match(/href="([^"]+)"/)![1]));
      html = withHeadLinks(index, links);
      pages.set(page, html);
    }
    return html;
  };
}

export function withHeadLinks(html: string, links: string[]): string {
  return links.length > 0 && html.includes('</head>') ? html.replace('</head>', `${links.join('\n    ')}\n  </head>`) : html;
}
