/**
 * Shows an email's HTML isolated from the app: srcdoc in a sandbox without scripts or same
 * origin. Its links are absolute links to this site; a <base target="_top"> makes a click open
 * them in this tab (the sandbox allows top navigation on a user's click, and popups).
 */
export function withTopTarget(html: string): string {
  const base = '<base target="_top">';
  const head = /<head(\s[^>]*)?>/i;
  if (head.test(html)) return html.replace(head, (tag) => `${tag}${base}`);
  return `${base}${html}`;
}

export function EmailFrame({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      className="email-frame"
      title={title}
      srcDoc={withTopTarget(html)}
      sandbox="allow-top-navigation-by-user-activation allow-popups"
      referrerPolicy="no-referrer"
    />
  );
}
