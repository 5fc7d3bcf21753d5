// The declaration in include/CFuzzDriver.h is all this target provides; SwiftPM needs one source.
#include "CFuzzDriver.h"
