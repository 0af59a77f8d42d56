#pragma once
#include <rubberband/rubberband-c.h>
