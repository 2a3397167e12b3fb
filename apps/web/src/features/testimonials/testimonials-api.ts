import {
  API,
  FeaturedTestimonialSchema,
  MyTestimonialSchema,
  StaffTestimonialSchema,
  type TestimonialBody,
  TestimonialSchema,
} from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest } from '../../api/client.ts';

/** Query keys of testimonials; everything under ['testimonials', coachId] reloads after a write. */
export const testimonialKeys = {
  all: (coachId: number) => ['testimonials', coachId] as const,
  mine: (coachId: number) => ['testimonials', coachId, 'mine'] as const,
  staff: (coachId: number) => ['testimonials', coachId, 'staff'] as const,
  featured: (coachId: number) => ['testimonials', coachId, 'featured'] as const,
};

/** The caller's own testimonial ({testimonial: null} when they have written none). */
export function useMyTestimonial(coachId: number, enabled = true) {
  return useQuery({
    queryKey: testimonialKeys.mine(coachId),
    queryFn: ({ signal }) => apiGet(API.myTestimonial(coachId), MyTestimonialSchema, signal),
    enabled,
  });
}

/** Saves the caller's testimonial (PUT: one per student and coach). */
export function useSaveMyTestimonial(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestimonialBody) =>
      apiRequest(API.myTestimonial(coachId), { method: 'PUT', body, schema: TestimonialSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testimonialKeys.all(coachId) }),
  });
}

/** Deletes the caller's testimonial. */
export function useDeleteMyTestimonial(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(API.myTestimonial(coachId), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testimonialKeys.all(coachId) }),
  });
}

/** Staff: every testimonial of the coach. */
export function useStaffTestimonials(coachId: number) {
  return useQuery({
    queryKey: testimonialKeys.staff(coachId),
    queryFn: ({ signal }) => apiGet(API.testimonials(coachId), z.array(StaffTestimonialSchema), signal),
  });
}

/** Staff: feature a testimonial or stop featuring it. */
export function useFeatureTestimonial(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: number; featured: boolean }) =>
      apiRequest(API.testimonial(coachId, vars.id), {
        method: 'PUT',
        body: { featured: vars.featured },
        schema: StaffTestimonialSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testimonialKeys.all(coachId) }),
  });
}

/** The featured testimonials the students agreed to show. */
export function useFeaturedTestimonials(coachId: number) {
  return useQuery({
    queryKey: testimonialKeys.featured(coachId),
    queryFn: ({ signal }) =>
      apiGet(API.featuredTestimonials(coachId), z.array(FeaturedTestimonialSchema), signal),
  });
}
