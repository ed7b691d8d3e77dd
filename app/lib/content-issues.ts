/** Keys of a page that show their default because their stored value cannot be shown. */
export interface ContentIssues {
  /** The saved value could not be read (corrupt JSON, say). */
  unreadable: string[];
  /** The saved image was deleted from the media library. */
  missingImages: string[];
}

export const UNREADABLE_VALUE_NOTICE =
  "This field's saved value could not be read; the default is shown. Save to replace it.";
export const DELETED_IMAGE_NOTICE = "The image was deleted from the media library; the default image is shown.";
