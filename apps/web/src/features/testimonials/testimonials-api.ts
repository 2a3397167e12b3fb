import { TESTIMONIAL_ENDPOINTS, type TestimonialBody } from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';

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
    queryFn: ({ signal }) => callEndpoint(TESTIMONIAL_ENDPOINTS.mine, { params: { coachId } }, signal),
    enabled,
  });
}

/** Saves the caller's testimonial (PUT: one per student and coach). */
export function useSaveMyTestimonial(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestimonialBody) =>
      callEndpoint(TESTIMONIAL_ENDPOINTS.saveMine, { params: { coachId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testimonialKeys.all(coachId) }),
  });
}

/** Deletes the caller's testimonial. */
export function useDeleteMyTestimonial(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(TESTIMONIAL_ENDPOINTS.removeMine, { params: { coachId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testimonialKeys.all(coachId) }),
  });
}

/** Staff: every testimonial of the coach. */
export function useStaffTestimonials(coachId: number) {
  return useQuery({
    queryKey: testimonialKeys.staff(coachId),
    queryFn: ({ signal }) => callEndpoint(TESTIMONIAL_ENDPOINTS.list, { params: { coachId } }, signal),
  });
}

/** Staff: feature a testimonial or stop featuring it. */
export function useFeatureTestimonial(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: number; featured: boolean }) =>
      callEndpoint(TESTIMONIAL_ENDPOINTS.feature, {
        params: { coachId, id: vars.id },
        body: { featured: vars.featured },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testimonialKeys.all(coachId) }),
  });
}

/** The featured testimonials the students agreed to show. */
export function useFeaturedTestimonials(coachId: number) {
  return useQuery({
    queryKey: testimonialKeys.featured(coachId),
    queryFn: ({ signal }) => callEndpoint(TESTIMONIAL_ENDPOINTS.featured, { params: { coachId } }, signal),
  });
}
