/** The testimonials feature's public entry: what other features may use of it. */
export { FeaturedTestimonials } from './FeaturedTestimonials.tsx';
export { TestimonialForm } from './TestimonialForm.tsx';
export { useMyTestimonial } from './testimonials-api.ts';
