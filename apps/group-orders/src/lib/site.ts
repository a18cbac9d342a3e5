/** The site's name, after each page's own in the tab title ('Group order details · Caterway Group Orders'). */
export const SITE_NAME = 'Caterway Group Orders';
