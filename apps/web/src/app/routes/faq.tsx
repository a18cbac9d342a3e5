import { FaqPage } from '../../features/marketing/components/faq-page';

/** /faq */
export const Component = FaqPage;
