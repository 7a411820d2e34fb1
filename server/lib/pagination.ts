export interface PageWindow {
  page: number
  limit: number
  offset: number
}

export const pageWindow = (page: number, limit: number): PageWindow => ({
  page,
  limit,
  offset: (page - 1) * limit,
})

export const pageCount = (total: number, limit: number) => Math.ceil(total / limit)
