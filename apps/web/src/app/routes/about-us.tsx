import { AboutPage } from '../../features/marketing/components/about-page';

/** /about-us */
export const Component = AboutPage;
