import { BookDemoPage } from '../../features/marketing/components/book-demo-page';

/** /book-demo */
export const Component = BookDemoPage;
